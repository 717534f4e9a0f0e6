"""The holdout5 clips' screens, and the fonts and palettes only they use.

A fifth sealed set, for one evaluation on fonts and themes nobody tuned on. Code
fonts, UI fonts and colour themes that no other clip uses; not to be looked at by whoever
tunes framegrab.
"""

from pathlib import Path

from ..model import Bullets, CodeBlock, Deck, Editor, EditorStyle, Terminal, Text, slide_title, src


# Fonts only this set uses; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "mplus-code": (Path("/usr/share/fonts/opentype/mplus/Mplus1Code-Regular.otf"), "M PLUS 1 Code", True),
    "d2coding": (Path("/usr/share/fonts/truetype/naver-d2coding/D2Coding-Ver1.3.2-20180524-all.ttc"),
                 "D2Coding", True),
    "cmu-typewriter": (Path("/usr/share/fonts/truetype/cmu/cmuntt.ttf"), "CMU Typewriter Text", True),
    "b612-mono": (Path("/usr/share/fonts/opentype/b612/B612Mono-Regular.otf"), "B612 Mono", True),
    "monofur": (Path("/usr/share/fonts/truetype/monofur/monof55.ttf"), "monofur", True),
    "cmu-sans": (Path("/usr/share/fonts/truetype/cmu/cmunss.ttf"), "CMU Sans Serif", False),
    "cmu-sans-bold": (Path("/usr/share/fonts/truetype/cmu/cmunsx.ttf"), "CMU Sans Serif Bold", False),
    "lato": (Path("/usr/share/fonts/truetype/lato/Lato-Regular.ttf"), "Lato", False),
    "lato-bold": (Path("/usr/share/fonts/truetype/lato/Lato-Bold.ttf"), "Lato Bold", False),
    "carlito": (Path("/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf"), "Carlito", False),
    "carlito-bold": (Path("/usr/share/fonts/truetype/crosextra/Carlito-Bold.ttf"), "Carlito Bold", False),
}


# Palettes only this set uses; themes.PALETTES takes them in.
PALETTES = {
    # holdout5 (sealed): GitHub-Dark-Dimmed-like editor
    "github-dark-dimmed": {
        "polarity": "dark", "background": "#22272e", "plain": "#adbac7", "keyword": "#f47067",
        "type": "#f69d50", "string": "#96d0ff", "number": "#6cb6ff", "comment": "#768390",
        "function": "#dcbdfb", "annotation": "#f69d50", "property": "#6cb6ff",
        "gutter": "#636e7b", "gutter_active": "#adbac7", "line_highlight": "#2d333b",
        "indent_guide": "#373e47", "activity": "#1c2128", "chrome": "#1c2128", "chrome_text": "#768390",
        "tab_active": "#22272e", "tab_active_text": "#adbac7", "sidebar": "#1c2128",
        "sidebar_text": "#adbac7", "sidebar_selected": "#2d333b", "status": "#1c2128",
        "status_text": "#768390", "border": "#444c56",
    },
    # holdout5 (sealed): Catppuccin-Mocha-like terminal
    "mocha": {
        "polarity": "dark", "background": "#1e1e2e", "plain": "#cdd6f4", "user": "#a6e3a1",
        "path": "#89b4fa", "dir": "#89b4fa", "exec": "#a6e3a1", "hash": "#f9e2af", "ref": "#94e2d5",
        "ok": "#a6e3a1", "fail": "#f38ba8", "warn": "#fab387", "dim": "#7f849c",
        "chrome": "#181825", "chrome_text": "#bac2de",
    },
    # holdout5 (sealed): PaperColor-light-like slide, as a lecture's slides look
    "papercolor-light": {
        "polarity": "light", "background": "#eeeeee", "panel": "#e4e4e4", "plain": "#444444",
        "keyword": "#d70087", "type": "#005faf", "string": "#5f8700", "number": "#d75f00",
        "comment": "#878787", "function": "#0087af", "annotation": "#8700af", "property": "#005f87",
        "title": "#005f87", "text": "#444444", "bullet": "#d70087", "caption": "#878787",
    },
    # holdout5 (sealed): Horizon-like dark slide
    "horizon": {
        "polarity": "dark", "background": "#1c1e26", "panel": "#232530", "plain": "#cbced0",
        "keyword": "#b877db", "type": "#fac29a", "string": "#fab795", "number": "#f09483",
        "comment": "#6c6f93", "function": "#25b0bc", "annotation": "#e95678", "property": "#e95678",
        "title": "#e0e0e0", "text": "#cbced0", "bullet": "#e95678", "caption": "#6c6f93",
    },
    # holdout5 (sealed): Oceanic-Next-like dark slide
    "oceanic-next": {
        "polarity": "dark", "background": "#1b2b34", "panel": "#223440", "plain": "#d8dee9",
        "keyword": "#c594c5", "type": "#fac863", "string": "#99c794", "number": "#f99157",
        "comment": "#65737e", "function": "#6699cc", "annotation": "#5fb3b3", "property": "#ec5f67",
        "title": "#d8dee9", "text": "#cdd3de", "bullet": "#5fb3b3", "caption": "#65737e",
    },
    # holdout5 (sealed): Quiet-Light-like slide
    "quiet-light": {
        "polarity": "light", "background": "#f5f5f5", "panel": "#ebebeb", "plain": "#333333",
        "keyword": "#4b83cd", "type": "#7a3e9d", "string": "#448c27", "number": "#ab6526",
        "comment": "#9a9a9a", "function": "#aa3731", "annotation": "#7a3e9d", "property": "#7a3e9d",
        "title": "#333333", "text": "#333333", "bullet": "#4b83cd", "caption": "#8a8a8a",
    },
}


SEALED5_EDITOR = EditorStyle("github-dark-dimmed", "mplus-code", 17, 25, "lato", 13, tab_height=36,
                             status_height=24, activity_width=48, sidebar_width=250, indent_guides=True)

SEALED5_EDITOR_SCREENS = [
    Editor("go", src("""
        // Allow reports whether client may make a request now. Its bucket is refilled
        // for the time that has passed since the client was last seen.
        func (l *Limiter) Allow(client string) bool {
            l.mu.Lock()
            defer l.mu.Unlock()

            now := l.clock()
            b, ok := l.buckets[client]
            if !ok {
                b = &bucket{tokens: float64(l.burst), seen: now}
                l.buckets[client] = b
            }
            elapsed := now.Sub(b.seen).Seconds()
            b.tokens = math.Min(float64(l.burst), b.tokens+elapsed*l.rate)
            b.seen = now
            if b.tokens < 1 {
                return false
            }
            b.tokens--
            return true
        }

        // Middleware answers 429 to clients over their rate, keyed by remote address.
        func (l *Limiter) Middleware(next http.Handler) http.Handler {
            return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
                host, _, err := net.SplitHostPort(r.RemoteAddr)
                if err != nil {
                    host = r.RemoteAddr
                }
                if !l.Allow(host) {
                    w.Header().Set("Retry-After", "1")
                    http.Error(w, "too many requests", http.StatusTooManyRequests)
                    return
                }
                next.ServeHTTP(w, r)
            })
        }
        """), first_line=38, cursor=(51, 29), tabs=("limiter.go", "limiter_test.go", "go.mod"),
        active="limiter.go", status_left=("main", "0 problems"),
        status_right=("Ln 51, Col 29", "Tab Size: 4", "UTF-8", "LF", "Go"),
        sidebar=("EXPLORER", "RATELIMIT", "  cmd/", "    demo/", "      main.go", "  internal/", "    clock/",
                 "  *limiter.go", "  limiter_test.go", "  go.mod", "  go.sum")),
    Editor("python", src('''
        def load_readings(path: Path) -> dict[str, list[float]]:
            """Group the readings of a CSV export by station id."""
            readings: dict[str, list[float]] = defaultdict(list)
            with path.open(newline="", encoding="utf-8") as f:
                for row in csv.DictReader(f):
                    if row["quality"] != "ok":
                        continue  # flagged by the logger, see docs/quality-flags.md
                    readings[row["station"]].append(float(row["temp_c"]))
            return readings


        def summarize(readings: dict[str, list[float]]) -> list[Summary]:
            out = []
            for station, temps in sorted(readings.items()):
                if len(temps) < 2:
                    log.warning("station %s has only %d readings", station, len(temps))
                    continue
                out.append(Summary(
                    station=station,
                    mean=round(statistics.fmean(temps), 2),
                    spread=round(statistics.stdev(temps), 2),
                    count=len(temps),
                ))
            return out


        if __name__ == "__main__":
            args = parse_args()
            for s in summarize(load_readings(args.csv)):
                print(f"{s.station:<8} {s.mean:>6.2f} sd={s.spread:<5.2f} n={s.count}")
        '''), first_line=24, cursor=(44, 51), tabs=("summary.py", "stations.toml", "README.md"),
        active="summary.py", status_left=("feature/quality-flags", "Python 3.12.3"),
        status_right=("Ln 44, Col 51", "Spaces: 4", "UTF-8", "LF", "Python")),
]

SEALED5_TERMINAL = [
    Terminal(src("""
        dana@forge:~/code/tilemap$ cmake --build build -j4
        [1/4] Building CXX object src/CMakeFiles/tilemap.dir/atlas.cpp.o
        [2/4] Building CXX object src/CMakeFiles/tilemap.dir/loader.cpp.o
        [3/4] Linking CXX static library src/libtilemap.a
        [4/4] Linking CXX executable tests/tilemap_tests
        dana@forge:~/code/tilemap$ ctest --test-dir build --output-on-failure
        Test project /home/dana/code/tilemap/build
            Start 1: atlas.packs_in_order
        1/3 Test #1: atlas.packs_in_order .............   Passed    0.01 sec
            Start 2: loader.reads_tmx
        2/3 Test #2: loader.reads_tmx .................***Failed    0.02 sec
        loader_test.cpp:57: Failure
        Expected equality of these values:
          map.layers.size()
            Which is: 2
          3u
            Which is: 3
            Start 3: loader.rejects_bad_gid
        3/3 Test #3: loader.rejects_bad_gid ...........   Passed    0.01 sec

        67% tests passed, 1 tests failed out of 3

        The following tests FAILED:
                  2 - loader.reads_tmx (Failed)
        Errors while running CTest
        dana@forge:~/code/tilemap$
        """), "d2coding", 13, 18, "mocha", title="dana@forge: ~/code/tilemap"),
    Terminal(src("""
        dana@forge:~/code/tilemap$ cd ../atlas-cli && swift build -c release
        Building for production...
        [3/5] Compiling AtlasCLI Packer.swift
        [4/5] Compiling AtlasCLI main.swift
        Build complete! (14.82s)
        dana@forge:~/code/atlas-cli$ swift test --filter PackerTests
        Building for debugging...
        Build complete! (6.31s)
        Test Suite 'Selected tests' started at 2026-04-11 09:12:44.102
        Test Suite 'PackerTests' started at 2026-04-11 09:12:44.103
        Test Case 'PackerTests.testEmptyInput' passed (0.001 seconds)
        Test Case 'PackerTests.testPadding' passed (0.003 seconds)
        Test Case 'PackerTests.testRotatesWhenAllowed' passed (0.002 seconds)
        Test Suite 'PackerTests' passed at 2026-04-11 09:12:44.110
                 Executed 3 tests, with 0 failures (0 unexpected) in 0.006 (0.007) seconds
        dana@forge:~/code/atlas-cli$ ls -lh .build/release/atlas
        -rwxr-xr-x 1 dana dana 8.1M Apr 11 09:12 .build/release/atlas
        dana@forge:~/code/atlas-cli$ .build/release/atlas pack sprites/ --max 2048 --out atlas.png
        packed 214 sprites into 2048x1024 (occupancy 81.6%)
        wrote atlas.png and atlas.json
        dana@forge:~/code/atlas-cli$
        """), "d2coding", 13, 18, "mocha", title="dana@forge: ~/code/atlas-cli"),
]

SEALED5_SLIDES = [
    Deck("papercolor-light", (
        slide_title("A lock-free ring for one writer, one reader", "cmu-sans-bold", 34),
    ), columns=(
        Bullets(("Capacity is a power of two", "Indices only grow; mask on use", "Full and empty need no flag"),
                "cmu-sans", 22),
        CodeBlock("c", src('''
            struct ring {
                size_t head;    /* next slot to write */
                size_t tail;    /* next slot to read */
                size_t mask;    /* capacity - 1 */
                int *slots;
            };

            int ring_push(struct ring *r, int value)
            {
                if (r->head - r->tail > r->mask)
                    return -1;  /* full */
                r->slots[r->head & r->mask] = value;
                r->head++;
                return 0;
            }
            '''), "cmu-typewriter", 20, spacing=1.3),
        430), footer=(Text("Systems Programming, lecture 7", "cmu-sans", 14, role="caption"),
                      Text("12 / 31", "cmu-sans", 14, role="caption")), top=36),
    Deck("horizon", (
        slide_title("Only the last keystroke searches", "lato-bold", 38),
        CodeBlock("javascript", src('''
            const input = document.querySelector("#search");
            const results = document.querySelector("#results");
            let timer;
            let controller;

            input.addEventListener("input", () => {
              clearTimeout(timer);
              timer = setTimeout(async () => {
                controller?.abort();
                controller = new AbortController();
                const q = encodeURIComponent(input.value.trim());
                try {
                  const res = await fetch(`/api/search?q=${q}`, { signal: controller.signal });
                  results.replaceChildren(...(await res.json()).map(renderItem));
                } catch (err) {
                  if (err.name !== "AbortError") console.error(err);
                }
              }, 250);
            });
            '''), "b612-mono", 18, spacing=1.3),
    ), top=32, gap=20),
]

SEALED5_LETTERBOX = [
    Deck("oceanic-next", (
        slide_title("Top customers in one pass", "carlito-bold", 30),
        CodeBlock("java", src('''
            record Order(String customer, String sku, int quantity, long cents) {}

            // Revenue per customer, largest first, from one day's orders.
            static List<Map.Entry<String, Long>> topCustomers(List<Order> orders, int n) {
                Map<String, Long> revenue = orders.stream()
                    .filter(o -> o.quantity() > 0)
                    .collect(Collectors.groupingBy(
                        Order::customer,
                        Collectors.summingLong(o -> o.quantity() * o.cents())));

                return revenue.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .limit(n)
                    .toList();
            }
            '''), "monofur", 17),
    ), margin=44, top=30, gap=18),
    Deck("quiet-light", (
        slide_title("Test on every push", "carlito-bold", 30),
    ), columns=(
        Bullets(("Pushes and pull requests", "Three Python versions", "Stop at the first failure"),
                "carlito", 20),
        CodeBlock("yaml", src('''
            name: test
            on:
              push:
                branches: [main]
              pull_request:

            jobs:
              unit:
                runs-on: ubuntu-24.04
                strategy:
                  matrix:
                    python: ["3.11", "3.12", "3.13"]
                steps:
                  - uses: actions/checkout@v4
                  - uses: actions/setup-python@v5
                    with:
                      python-version: ${{ matrix.python }}
                  - run: pytest -q --maxfail=1
            '''), "monofur", 16, spacing=1.25),
        330), margin=44, top=30, gap=18),
]
