"""The dev clips' slides and screens: the fonts and themes framegrab is tuned on.

TALK_LIGHT ... ANAMORPHIC are drawn by render_slides (the talk clips, and two slides of the
HLS clips); the editors, terminals and decks after them by render_screens.
"""

from ..model import (Bullets, CodeBlock, Deck, Editor, EditorStyle, Slide, Terminal, Text, code, slide_title,
                     src)


TALK_LIGHT = [
    Slide("Caching thumbnails with an actor", code("swift", """
        // Loads thumbnails once and caches them by URL.
        actor ThumbnailCache {
            private var entries: [URL: Data] = [:]

            func data(for url: URL) async throws -> Data {
                if let cached = entries[url] {
                    return cached
                }
                let (body, response) = try await URLSession.shared.data(from: url)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    throw URLError(.badServerResponse)
                }
                entries[url] = body
                return body
            }
        }
        """)),
    Slide("Retrying flaky network calls", code("python", '''
        import random
        import time

        def retry(call, attempts=5, base_delay=0.5):
            """Call until it succeeds, backing off exponentially."""
            for attempt in range(attempts):
                try:
                    return call()
                except ConnectionError as error:
                    if attempt == attempts - 1:
                        raise
                    delay = base_delay * 2 ** attempt
                    print(f"retry {attempt + 1} in {delay:.1f}s: {error}")
                    time.sleep(delay + random.uniform(0, 0.1))
        ''', theme="dark")),
    Slide("Why we parse headers by hand",
          bullets=("Zero allocations per request", "Fails fast on bad input",
                   "Fuzzed nightly with libFuzzer"),
          code=code("c", """
        /* Parse "Content-Length: 42" */
        int parse_length(const char *line, long *out)
        {
            const char *p = strchr(line, ':');
            if (p == NULL)
                return -1;

            char *end;
            long n = strtol(p + 1, &end, 10);
            if (end == p + 1 || n < 0)
                return -1;
            *out = n;
            return 0;
        }
        """, size=22)),
    Slide("Debouncing search input", code("javascript", """
        // Wait until the user stops typing before searching.
        function debounce(fn, wait = 250) {
          let timer = null;
          return (...args) => {
            clearTimeout(timer);
            timer = setTimeout(() => fn(...args), wait);
          };
        }

        const input = document.querySelector("#search");
        input.addEventListener("input", debounce(async (event) => {
          const query = event.target.value.trim();
          if (query.length < 2) return;
          const res = await fetch(`/api/search?q=${encodeURIComponent(query)}`);
          renderResults(await res.json());
        }));
        """)),
]

TALK_DARK = [
    Slide("Fan-out workers in Go", code("go", """
        func process(ctx context.Context, jobs <-chan Job) error {
            g, ctx := errgroup.WithContext(ctx)
            for i := 0; i < runtime.NumCPU(); i++ {
                g.Go(func() error {
                    for job := range jobs {
                        if err := job.Run(ctx); err != nil {
                            return fmt.Errorf("job %d: %w", job.ID, err)
                        }
                    }
                    return nil
                })
            }
            // Wait returns the first error from any worker.
            return g.Wait()
        }
        """)),
    Slide("Counting words with a HashMap", code("rust", """
        use std::collections::HashMap;

        fn main() -> std::io::Result<()> {
            let mut counts: HashMap<String, usize> = HashMap::new();
            for line in std::io::stdin().lines() {
                for word in line?.split_whitespace() {
                    *counts.entry(word.to_lowercase()).or_insert(0) += 1;
                }
            }
            let mut top: Vec<_> = counts.into_iter().collect();
            top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            for (word, n) in top.iter().take(10) {
                println!("{n:>6} {word}");
            }
            Ok(())
        }
        """)),
    Slide("Release checklist",
          bullets=("Tag the commit", "Build signed artifacts", "Publish checksums"),
          code=code("shell", """
        #!/bin/sh
        set -eu

        version="$1"
        git tag -s "v$version" -m "Release $version"
        for target in linux-x64 macos-arm64; do
          make dist TARGET="$target"
          sha256sum "dist/app-$target.tar.gz" \\
            >> dist/SHA256SUMS
        done
        gpg --detach-sign dist/SHA256SUMS
        """, size=22)),
    Slide("Finding slow queries", code("sql", """
        -- Top 10 statements by mean time over the last day
        SELECT
            query,
            calls,
            round(mean_exec_time::numeric, 2) AS mean_ms,
            round(total_exec_time::numeric / 1000, 1) AS total_s
        FROM pg_stat_statements
        WHERE calls > 50
          AND query NOT ILIKE '%pg_stat%'
        ORDER BY mean_exec_time DESC
        LIMIT 10;
        """)),
]

ROTATED = [
    Slide("Parsing releases with kotlinx", code("kotlin", """
        @Serializable
        data class Release(
            val tag: String,
            val draft: Boolean = false,
            val assets: List<Asset> = emptyList(),
        )

        fun latestStable(json: String): Release? {
            val releases = Json.decodeFromString<List<Release>>(json)
            return releases
                .filterNot { it.draft }
                .maxByOrNull { it.tag }
        }
        """)),
]

ANAMORPHIC = [
    Slide("Grouping orders with streams", code("java", """
        // Sum paid orders per customer, sorted by name.
        Map<String, Long> totals = orders.stream()
            .filter(o -> o.status() == Status.PAID)
            .collect(Collectors.groupingBy(
                Order::customer,
                TreeMap::new,
                Collectors.summingLong(Order::cents)));

        totals.forEach((customer, cents) ->
            System.out.printf("%-20s %8.2f%n", customer, cents / 100.0));
        """)),
]


DARK_EDITOR = EditorStyle("dark-modern", "jetbrains-mono", 20, 27, "dejavu-sans", 15, tab_height=40,
                          status_height=26, activity_width=52, sidebar_width=270, indent_guides=True)
LIGHT_EDITOR = EditorStyle("light-ide", "liberation-mono", 16, 22, "liberation-sans", 13, tab_height=32,
                           status_height=24)


RUST_SIDEBAR = ("EXPLORER", "APP", "  src/", "    server/", "      mod.rs", "      *router.rs",
                "      tls.rs", "    config.rs", "    main.rs", "  tests/", "  Cargo.lock", "  Cargo.toml",
                "  README.md")

EDITOR_DARK = [
    Editor("rust", src("""
            /// Routes a request to the first handler whose pattern matches its path.
            pub async fn dispatch(&self, req: Request<Body>) -> Result<Response<Body>, Error> {
                let path = req.uri().path().to_owned();
                let method = req.method().clone();

                for route in &self.routes {
                    if route.method != method {
                        continue;
                    }
                    if let Some(params) = route.pattern.captures(&path) {
                        let started = Instant::now();
                        let response = (route.handler)(req, params).await?;
                        metrics::histogram!("http_request_seconds", started.elapsed().as_secs_f64(),
                            "route" => route.name, "status" => response.status().as_str().to_owned());
                        return Ok(response);
                    }
                }

                tracing::debug!(%method, %path, "no route matched");
                Ok(Response::builder()
                    .status(StatusCode::NOT_FOUND)
                    .header(CONTENT_TYPE, "application/json")
                    .body(Body::from(r#"{"error":"not found"}"#))?)
            }
        }
        """), first_line=118, cursor=(129, 17), tabs=("main.rs", "router.rs", "config.rs", "Cargo.toml"),
        active="router.rs", status_left=("main", "0 errors, 1 warning"),
        status_right=("Ln 129, Col 17", "Spaces: 4", "UTF-8", "LF", "Rust"), sidebar=RUST_SIDEBAR),
    Editor("typescript", src("""
        import { EventEmitter } from "node:events";
        import type { Session, SessionId } from "../types";
        import { fetchJson, HttpError } from "../net/fetchJson";

        const MAX_CACHED = 50;
        const RETRY_DELAYS_MS = [250, 1000, 4000] as const;

        export interface StoreOptions {
          baseUrl: string;
          onEvict?: (id: SessionId) => void;
          signal?: AbortSignal;
        }

        export class SessionStore extends EventEmitter {
          private readonly cache = new Map<SessionId, Session>();
          private pending = new Map<SessionId, Promise<Session>>();

          constructor(private readonly options: StoreOptions) {
            super();
          }

          async get(id: SessionId): Promise<Session> {
            const hit = this.cache.get(id);
            if (hit) {
              this.cache.delete(id);
              this.cache.set(id, hit); // most recently used goes last
              return hit;
            }
            let inflight = this.pending.get(id);
            if (!inflight) {
              inflight = this.load(id).finally(() => this.pending.delete(id));
              this.pending.set(id, inflight);
            }
            return inflight;
          }

          private remember(session: Session): void {
        """), first_line=1, cursor=(26, 40), tabs=("index.ts", "sessionStore.ts", "fetchJson.ts", "types.ts"),
        active="sessionStore.ts", status_left=("main*", "0 errors"),
        status_right=("Ln 26, Col 40", "Spaces: 2", "UTF-8", "LF", "TypeScript"), indent_unit=2),
    Editor("go", src("""
        // Run drains the queue until ctx is cancelled, committing offsets in batches.
        func (w *Worker) Run(ctx context.Context) error {
            ticker := time.NewTicker(w.cfg.FlushInterval)
            defer ticker.Stop()

            batch := make([]Record, 0, w.cfg.BatchSize)
            for {
                select {
                case <-ctx.Done():
                    return w.flush(context.Background(), batch)
                case rec, ok := <-w.queue:
                    if !ok {
                        return w.flush(ctx, batch)
                    }
                    batch = append(batch, rec)
                    if len(batch) < w.cfg.BatchSize {
                        continue
                    }
                case <-ticker.C:
                }
                if err := w.flush(ctx, batch); err != nil {
                    w.log.Error("flush failed", "records", len(batch), "err", err)
                    return fmt.Errorf("worker %d: %w", w.id, err)
                }
                batch = batch[:0]
            }
        }
        """), first_line=42, cursor=(63, 23), tabs=("worker.go", "queue.go", "worker_test.go"),
        active="worker.go", status_left=("feature/batching", "0 errors"),
        status_right=("Ln 63, Col 23", "Tab Size: 4", "UTF-8", "LF", "Go"),
        sidebar=("EXPLORER", "INGEST", "  cmd/", "  internal/", "    ingest/", "      queue.go",
                 "      *worker.go", "      worker_test.go", "    store/", "  go.mod", "  go.sum", "  Makefile")),
    Editor("kotlin", src("""
        @HiltViewModel
        class TalksViewModel @Inject constructor(
            private val repository: TalksRepository,
            private val savedState: SavedStateHandle,
        ) : ViewModel() {

            private val query = savedState.getStateFlow("query", "")

            val uiState: StateFlow<TalksUiState> = query
                .debounce(300)
                .distinctUntilChanged()
                .flatMapLatest { text ->
                    repository.search(text)
                        .map<List<Talk>, TalksUiState> { TalksUiState.Loaded(it, text) }
                        .onStart { emit(TalksUiState.Loading) }
                        .catch { emit(TalksUiState.Failed(it.message ?: "unknown error")) }
                }
                .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), TalksUiState.Loading)

            fun onQueryChanged(text: String) {
                savedState["query"] = text.trim()
            }
        }
        """), first_line=23, cursor=(43, 9), tabs=("TalksScreen.kt", "TalksViewModel.kt", "TalksRepository.kt"),
        active="TalksViewModel.kt", status_left=("main", "0 errors"),
        status_right=("Ln 43, Col 9", "Spaces: 4", "UTF-8", "LF", "Kotlin")),
]

EDITOR_LIGHT = [
    Editor("java", src("""
            @Transactional
            public Order placeOrder(CustomerId customerId, List<LineItem> items) {
                if (items.isEmpty()) {
                    throw new IllegalArgumentException("an order needs at least one item");
                }
                var customer = customers.findById(customerId)
                        .orElseThrow(() -> new NotFoundException("customer " + customerId));

                long totalCents = 0;
                for (LineItem item : items) {
                    var product = catalog.require(item.sku());
                    totalCents += product.priceCents() * item.quantity();
                }
                if (totalCents > customer.creditLimitCents()) {
                    log.warn("credit limit exceeded for {}: {} > {}", customerId, totalCents,
                            customer.creditLimitCents());
                    throw new CreditLimitException(customerId, totalCents);
                }
                var order = new Order(UUID.randomUUID(), customer, List.copyOf(items), totalCents);
                events.publish(new OrderPlaced(order.id(), Instant.now(clock)));
                return orders.save(order);
            }
        """, indent=4), first_line=57, cursor=(66, 13), tabs=("OrderService.java", "Order.java", "application.yml"),
        active="OrderService.java", status_left=("orders-service",),
        status_right=("66:13", "LF", "UTF-8", "4 spaces")),
    Editor("yaml", src("""
        name: ci

        on:
          push:
            branches: [main]
          pull_request:

        jobs:
          test:
            runs-on: ubuntu-22.04
            strategy:
              matrix:
                swift: ["5.10", "6.0"]
            steps:
              - uses: actions/checkout@v4
              - name: Install system libraries
                run: |
                  sudo apt-get update
                  sudo apt-get install -y libavformat-dev libtesseract-dev
              - name: Test
                run: swift test --parallel
                env:
                  OMP_THREAD_LIMIT: 1   # OpenMP slows Tesseract down on CI runners
        """), first_line=1, cursor=(20, 11), tabs=("ci.yml", "release.yml"), active="ci.yml",
        status_left=("framegrab",), status_right=("20:11", "LF", "UTF-8", "2 spaces"), indent_unit=2),
    Editor("cpp", src("""
        #pragma once

        #include <array>
        #include <atomic>
        #include <cstddef>
        #include <optional>

        // Single-producer, single-consumer queue without locks.
        template <typename T, std::size_t Capacity>
        class RingBuffer {
            static_assert((Capacity & (Capacity - 1)) == 0, "Capacity must be a power of two");

        public:
            bool push(const T& value) noexcept {
                const auto head = head_.load(std::memory_order_relaxed);
                if (head - tail_.load(std::memory_order_acquire) == Capacity) {
                    return false;  // full
                }
                slots_[head & (Capacity - 1)] = value;
                head_.store(head + 1, std::memory_order_release);
                return true;
            }

            std::optional<T> pop() noexcept {
                const auto tail = tail_.load(std::memory_order_relaxed);
                if (tail == head_.load(std::memory_order_acquire)) {
                    return std::nullopt;
                }
        """), first_line=1, cursor=(16, 42), tabs=("ring_buffer.hpp", "ring_buffer_test.cpp", "CMakeLists.txt"),
        active="ring_buffer.hpp", status_left=("lockfree",), status_right=("16:42", "LF", "UTF-8", "4 spaces")),
    Editor("json", src("""
        {
          "name": "@framegrab/web",
          "version": "0.4.2",
          "private": true,
          "type": "module",
          "scripts": {
            "dev": "vite --port 5173",
            "build": "tsc -b && vite build",
            "test": "vitest run --coverage",
            "lint": "eslint . --max-warnings 0"
          },
          "dependencies": {
            "react": "^18.3.1",
            "react-dom": "^18.3.1",
            "zod": "^3.23.8"
          },
          "devDependencies": {
            "@types/react": "^18.3.3",
            "typescript": "~5.5.4",
            "vite": "^5.4.2",
            "vitest": "^2.0.5"
          },
          "engines": { "node": ">=20.11" }
        }
        """), first_line=1, cursor=(9, 36), tabs=("package.json", "tsconfig.json", "vite.config.ts"),
        active="package.json", status_left=("web",), status_right=("9:36", "LF", "UTF-8", "2 spaces"),
        indent_unit=2),
]

TERMINAL_DARK = [
    Terminal(src("""
        dev@buildbox:~/src/app$ ls -la
        total 64
        drwxr-xr-x  8 dev dev 4096 Mar 14 09:12 .
        drwxr-xr-x 12 dev dev 4096 Mar  2 17:40 ..
        -rw-r--r--  1 dev dev  412 Mar 14 09:12 .editorconfig
        drwxr-xr-x  8 dev dev 4096 Mar 14 09:15 .git
        -rw-r--r--  1 dev dev  231 Mar  9 11:03 .gitignore
        -rw-r--r--  1 dev dev 1289 Mar 14 09:12 Package.resolved
        -rw-r--r--  1 dev dev 2047 Mar 13 18:27 Package.swift
        -rw-r--r--  1 dev dev 5310 Mar 13 18:27 README.md
        drwxr-xr-x  4 dev dev 4096 Mar 10 08:51 Sources
        drwxr-xr-x  3 dev dev 4096 Mar 10 08:51 Tests
        -rwxr-xr-x  1 dev dev  873 Mar 12 16:05 run-checks.sh
        drwxr-xr-x  2 dev dev 4096 Mar 11 10:44 scripts
        dev@buildbox:~/src/app$ git log --oneline -8
        3f9c2ae (HEAD -> main, origin/main) Cache decoded keyframes per file
        b71e04d Read gutters apart from the code they number
        0c4d8f1 Fix off-by-one in the seek preroll
        9e2a7b3 Add --tessdata-dir and a clear error for missing languages
        5d16c0e Scale small terminal fonts before OCR
        a8e0f42 Merge pull request #41 from dev/letterbox
        e13b9d7 Detect letterbox bars and report the content area
        77c2a05 Bump swift-argument-parser to 1.5.0
        dev@buildbox:~/src/app$ git status --short
         M Sources/App/Router.swift
         M Tests/AppTests/RouterTests.swift
        ?? Sources/App/RateLimiter.swift
        dev@buildbox:~/src/app$
        """), "dejavu-mono", 13, 17, "terminal-dark", title="dev@buildbox: ~/src/app"),
    Terminal(src("""
        dev@buildbox:~/src/wordcount$ cargo test --release
           Compiling wordcount v0.3.1 (/home/dev/src/wordcount)
            Finished `release` profile [optimized] target(s) in 4.82s
             Running unittests src/lib.rs (target/release/deps/wordcount-8f2c1d9e0b7a6354)

        running 7 tests
        test tokenize::tests::splits_on_unicode_whitespace ... ok
        test tokenize::tests::keeps_apostrophes_inside_words ... ok
        test tokenize::tests::drops_punctuation ... ok
        test count::tests::counts_case_insensitively ... ok
        test count::tests::empty_input_gives_empty_map ... ok
        test report::tests::sorts_by_count_then_word ... ok
        test report::tests::truncates_to_top_n ... FAILED

        failures:

        ---- report::tests::truncates_to_top_n stdout ----
        thread 'report::tests::truncates_to_top_n' panicked at src/report.rs:88:9:
        assertion `left == right` failed
          left: 11
         right: 10
        note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace

        failures:
            report::tests::truncates_to_top_n

        test result: FAILED. 6 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s

        error: test failed, to rerun pass `--lib`
        dev@buildbox:~/src/wordcount$ python3 -m pytest -q tests/
        ........................                                                 [100%]
        24 passed in 0.81s
        dev@buildbox:~/src/wordcount$
        """), "liberation-mono", 12, 16, "terminal-dark", title="dev@buildbox: ~/src/wordcount"),
]


LOW_CONTRAST = [
    Deck("solarized-light", (
        slide_title("A tiny frame cache", "liberation-sans-bold", 40),
        CodeBlock("python", src('''
            from dataclasses import dataclass, field
            from pathlib import Path

            MAX_AGE = 30.0  # seconds


            @dataclass
            class FrameCache:
                root: Path
                entries: dict[str, float] = field(default_factory=dict)

                def put(self, key: str, data: bytes, now: float) -> Path:
                    path = self.root / f"{key}.png"
                    path.write_bytes(data)
                    self.entries[key] = now
                    for old, stamp in list(self.entries.items()):
                        if now - stamp > MAX_AGE:  # stale: drop it
                            (self.root / f"{old}.png").unlink(missing_ok=True)
                            del self.entries[old]
                    return path
            '''), "dejavu-mono", 20, spacing=1.3),
    )),
    Deck("solarized-dark", (
        slide_title("Timecodes people can read", "liberation-sans-bold", 40),
        CodeBlock("swift", src("""
            import Foundation

            /// Formats a duration the way a video player shows it.
            struct Timecode: CustomStringConvertible {
                let seconds: Double

                var description: String {
                    let total = Int(seconds.rounded(.down))
                    let (hours, rest) = total.quotientAndRemainder(dividingBy: 3600)
                    let (minutes, secs) = rest.quotientAndRemainder(dividingBy: 60)
                    // Hours only when the video is long enough to need them.
                    if hours > 0 {
                        return String(format: "%d:%02d:%02d", hours, minutes, secs)
                    }
                    return String(format: "%d:%02d", minutes, secs)
                }
            }
            """), "dejavu-mono", 20, spacing=1.3),
    )),
]

PILLARBOX = [
    Deck("slide-light", (
        slide_title("Open addressing in 20 lines", "liberation-sans-bold", 60),
        CodeBlock("c", src("""
            /* FNV-1a: a fast, simple hash for short keys. */
            static uint32_t fnv1a(const char *key, size_t len)
            {
                uint32_t hash = 2166136261u;
                for (size_t i = 0; i < len; i++) {
                    hash ^= (unsigned char)key[i];
                    hash *= 16777619u;
                }
                return hash;
            }

            struct entry *table_find(struct table *t, const char *key)
            {
                size_t len = strlen(key);
                uint32_t slot = fnv1a(key, len) & (t->capacity - 1);
                while (t->slots[slot].key != NULL) {
                    if (strcmp(t->slots[slot].key, key) == 0)
                        return &t->slots[slot];
                    slot = (slot + 1) & (t->capacity - 1);
                }
                return NULL;
            }
            """), "dejavu-mono", 28),
    ), margin=90, top=60, gap=40),
    Deck("slide-light", (
        slide_title("Paging through an API", "liberation-sans-bold", 60),
        Bullets(("Pages are fetched lazily, one at a time", "The loop stops when there is no next link"),
                "liberation-sans", 38),
        CodeBlock("javascript", src("""
            export async function* paginate(url, { pageSize = 100 } = {}) {
              let next = `${url}?limit=${pageSize}`;
              while (next) {
                const res = await fetch(next, { headers: { Accept: "application/json" } });
                if (!res.ok) throw new Error(`GET ${next}: ${res.status}`);
                const { items, links } = await res.json();
                yield* items;
                next = links?.next ?? null;
              }
            }
            """), "jetbrains-mono", 24, palette="slide-dark"),
    ), margin=90, top=60, gap=40),
]

LETTERBOX = [
    Deck("slide-dark", (
        slide_title("Structured request logs", "dejavu-sans-bold", 52),
        CodeBlock("go", src("""
            func Logging(next http.Handler) http.Handler {
                return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
                    start := time.Now()
                    rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
                    next.ServeHTTP(rec, r)
                    slog.Info("request",
                        "method", r.Method,
                        "path", r.URL.Path,
                        "status", rec.status,
                        "took", time.Since(start))
                })
            }
            """), "jetbrains-mono", 26),
    ), margin=96, top=50, gap=40),
    Editor("cpp", src("""
        int main(int argc, char** argv) {
            if (argc < 2) {
                std::cerr << "usage: " << argv[0] << " FILE...\\n";
                return 2;
            }
            std::map<std::string, std::size_t> counts;
            for (int i = 1; i < argc; ++i) {
                std::ifstream in(argv[i]);
                if (!in) {
                    std::cerr << argv[i] << ": cannot open\\n";
                    continue;
                }
                std::string word;
                while (in >> word) {
                    ++counts[word];
                }
            }
            std::vector<std::pair<std::string, std::size_t>> top(counts.begin(), counts.end());
            std::sort(top.begin(), top.end(), [](const auto& a, const auto& b) {
                return a.second > b.second;
            });
            for (const auto& [word, n] : top) {
                std::cout << n << '\\t' << word << '\\n';
            }
        }
        """), first_line=12, cursor=(30, 39), tabs=("wordfreq.cpp", "CMakeLists.txt"), active="wordfreq.cpp",
        status_left=("main", "0 errors"), status_right=("Ln 30, Col 39", "Spaces: 4", "UTF-8", "LF", "C++")),
]

LINKS = [
    Deck("slide-light", (
        slide_title("Try it yourself"),
        Text("Slides and recordings are at https://example.com/talks/live-text, and the code lives on "
             "github.com/framegrab/framegrab.", "dejavu-sans", 28, spacing=1.45),
        Bullets(("Questions: talks@example.org", "Swift docs: www.swift.org/documentation",
                 "Issues (github.com/framegrab/framegrab/issues) welcome"), "dejavu-sans", 28),
    )),
    Deck("slide-dark", (
        slide_title("Calling the search API"),
        Text("Reference: https://example.com/docs/api. Keys from api-keys@example.com.", "dejavu-sans", 26),
        CodeBlock("python", src('''
            import requests

            API = "https://api.example.com/v1/talks/search"

            def search(query, token):
                response = requests.get(API, params={"q": query}, timeout=10,
                                        headers={"Authorization": f"Bearer {token}"})
                response.raise_for_status()
                return response.json()["results"]
            '''), "dejavu-mono", 22),
    )),
]

CAPTION = Text("@speaker \u00b7 Conference 2026", "dejavu-sans", 16, role="caption")
SLIDES_MIXED = [
    Deck("slide-light", (
        Text("Live Text", "liberation-sans-bold", 100, role="title", spacing=1.15),
        Text("Point a camera at a slide and copy the code. This talk shows how framegrab finds the frame, "
             "the panel and every line of code on it, and why each step is there.", "liberation-sans", 20,
             spacing=1.4),
    ), top=170, gap=36, footer=(CAPTION, None)),
    Deck("slide-light", (
        slide_title("Models are plain data", "liberation-sans-bold", 44),
        CodeBlock("kotlin", src("""
            @Serializable
            data class Talk(
                val id: Long,
                val title: String,
                val speaker: String,
                val slides: List<Slide> = emptyList(),
            ) {
                val codeSlides: Int
                    get() = slides.count { it.regions.any { r -> r.kind == "code" } }
            }
            """), "jetbrains-mono", 22, palette="slide-dark"),
    ), footer=(CAPTION, Text("17 / 42", "dejavu-sans", 16, role="caption"))),
    Deck("slide-dark", (
        slide_title("Deploy on every tag", "liberation-sans-bold", 44),
    ), columns=(
        Bullets(("Build once", "Sign the image", "Roll out by region"), "liberation-sans", 28),
        CodeBlock("yaml", src("""
            deploy:
              stage: release
              image: alpine:3.20
              rules:
                - if: $CI_COMMIT_TAG
              script:
                - ./scripts/sign "$CI_COMMIT_TAG"
                - ./scripts/rollout --region eu-west-1
                - ./scripts/rollout --region us-east-1
              environment: production
            """), "liberation-mono", 20),
        360), footer=(CAPTION, None)),
]
