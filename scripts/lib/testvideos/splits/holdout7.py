"""The holdout7 clips' screens, and the fonts and palettes only they use.

A seventh sealed set, for one evaluation on fonts and themes nobody tuned on. Code
fonts, UI fonts and colour themes that no other clip uses; not to be looked at by whoever
tunes framegrab.
"""

from pathlib import Path

from ..model import Bullets, CodeBlock, Deck, Editor, EditorStyle, Terminal, Text, slide_title, src


# Fonts only this set uses; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "wqy-microhei-mono": (Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"), "WenQuanYi Micro Hei Mono", True),
    "spleen": (Path("/usr/share/fonts/opentype/spleen/spleen-8x16.otf"), "Spleen", True),
    "nanum-gothic-coding": (Path("/usr/share/fonts/truetype/nanum/NanumGothicCoding.ttf"), "NanumGothicCoding", True),
    "noto-sans-mono-cjk": (Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
                           "Noto Sans Mono CJK JP", True),
    "wqy-microhei": (Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"), "WenQuanYi Micro Hei", False),
    "manrope": (Path("/usr/share/fonts/truetype/manrope/Manrope-Regular.ttf"), "Manrope", False),
    "manrope-bold": (Path("/usr/share/fonts/truetype/manrope/Manrope-Bold.ttf"), "Manrope Bold", False),
    "sora-bold": (Path("/usr/share/fonts/opentype/sora/Sora-Bold.otf"), "Sora Bold", False),
    "karla": (Path("/usr/share/fonts/truetype/karla/Karla-Regular.otf"), "Karla", False),
    "karla-bold": (Path("/usr/share/fonts/truetype/karla/Karla-Bold.otf"), "Karla Bold", False),
}


# The face of a font collection (.ttc) a key names, when it is not the collection's first.
SCREEN_FONT_FACES = {"wqy-microhei-mono": 1, "noto-sans-mono-cjk": 5}


# Palettes only this set uses; themes.PALETTES takes them in.
PALETTES = {
    # holdout7 (sealed): One-Dark-like editor
    "one-dark": {
        "polarity": "dark", "background": "#282c34", "plain": "#abb2bf", "keyword": "#c678dd",
        "type": "#e5c07b", "string": "#98c379", "number": "#d19a66", "comment": "#7f848e",
        "function": "#61afef", "annotation": "#56b6c2", "property": "#e06c75",
        "gutter": "#495162", "gutter_active": "#abb2bf", "line_highlight": "#2c313c",
        "indent_guide": "#3b4048", "activity": "#282c34", "chrome": "#21252b", "chrome_text": "#7f848e",
        "tab_active": "#282c34", "tab_active_text": "#dcdfe4", "sidebar": "#21252b",
        "sidebar_text": "#abb2bf", "sidebar_selected": "#2c313a", "status": "#21252b",
        "status_text": "#9da5b4", "border": "#181a1f",
    },
    # holdout7 (sealed): Nightfox-like terminal
    "nightfox": {
        "polarity": "dark", "background": "#192330", "plain": "#cdcecf", "user": "#81b29a",
        "path": "#719cd6", "dir": "#719cd6", "exec": "#81b29a", "hash": "#dbc074", "ref": "#63cdcf",
        "ok": "#81b29a", "fail": "#c94f6d", "warn": "#f4a261", "dim": "#738091",
        "chrome": "#131a24", "chrome_text": "#aeafb0",
    },
    # holdout7 (sealed): Tomorrow-like light slide
    "tomorrow": {
        "polarity": "light", "background": "#ffffff", "panel": "#f5f5f5", "plain": "#4d4d4c",
        "keyword": "#8959a8", "type": "#f5871f", "string": "#718c00", "number": "#f5871f",
        "comment": "#8e908c", "function": "#4271ae", "annotation": "#3e999f", "property": "#c82829",
        "title": "#4d4d4c", "text": "#4d4d4c", "bullet": "#4271ae", "caption": "#8e908c",
    },
    # holdout7 (sealed): Shades-of-Purple-like dark slide
    "shades-of-purple": {
        "polarity": "dark", "background": "#2d2b55", "panel": "#1e1e3f", "plain": "#ffffff",
        "keyword": "#ff9d00", "type": "#fb94ff", "string": "#a5ff90", "number": "#ff628c",
        "comment": "#b362ff", "function": "#fad000", "annotation": "#9effff", "property": "#9effff",
        "title": "#fad000", "text": "#e6e3ff", "bullet": "#ff9d00", "caption": "#a599e9",
    },
    # holdout7 (sealed): SynthWave-'84-like dark slide (without the glow)
    "synthwave-84": {
        "polarity": "dark", "background": "#262335", "panel": "#241b2f", "plain": "#f0eff1",
        "keyword": "#fede5d", "type": "#fe4450", "string": "#ff8b39", "number": "#f97e72",
        "comment": "#848bbd", "function": "#36f9f6", "annotation": "#72f1b8", "property": "#ff7edb",
        "title": "#ff7edb", "text": "#f0eff1", "bullet": "#36f9f6", "caption": "#848bbd",
    },
    # holdout7 (sealed): Modus-Operandi-like light slide
    "modus-operandi": {
        "polarity": "light", "background": "#ffffff", "panel": "#f2f2f2", "plain": "#000000",
        "keyword": "#531ab6", "type": "#005f5f", "string": "#3548cf", "number": "#0000b0",
        "comment": "#595959", "function": "#721045", "annotation": "#8f0075", "property": "#005e8b",
        "title": "#000000", "text": "#000000", "bullet": "#531ab6", "caption": "#595959",
    },
}


SEALED7_EDITOR = EditorStyle("one-dark", "wqy-microhei-mono", 15, 22, "wqy-microhei", 13, tab_height=35,
                             status_height=22, activity_width=48, sidebar_width=250, indent_guides=True)

SEALED7_EDITOR_SCREENS = [
    Editor("go", src("""
        // Deliver posts ev to every subscriber of its topic, at most four at a time, and
        // returns the URLs that still failed after their last attempt.
        func (d *Dispatcher) Deliver(ctx context.Context, ev Event) []string {
            body, err := json.Marshal(ev)
            if err != nil {
                d.log.Error("encode event", "id", ev.ID, "err", err)
                return nil
            }

            var (
                mu     sync.Mutex
                wg     sync.WaitGroup
                failed []string
            )
            slots := make(chan struct{}, 4)
            for _, sub := range d.subscribers(ev.Topic) {
                wg.Add(1)
                slots <- struct{}{}
                go func(sub Subscriber) {
                    defer func() { <-slots; wg.Done() }()
                    for attempt := 1; attempt <= d.maxAttempts; attempt++ {
                        status, err := d.post(ctx, sub.URL, body)
                        if err == nil && status < 300 {
                            return
                        }
                        d.log.Warn("delivery failed", "url", sub.URL, "attempt", attempt, "status", status)
                        select {
                        case <-ctx.Done():
                            return
                        case <-time.After(time.Duration(attempt) * 500 * time.Millisecond):
                        }
                    }
                    mu.Lock()
                    failed = append(failed, sub.URL)
                    mu.Unlock()
                }(sub)
            }
            wg.Wait()
            return failed
        }
        """), first_line=57, cursor=(82, 52), tabs=("dispatch.go", "post.go", "dispatch_test.go", "go.mod"),
        active="dispatch.go", status_left=("feat/webhook-retries", "Go 1.22.4"),
        status_right=("Ln 82, Col 52", "Tab Size: 4", "UTF-8", "LF", "Go"),
        sidebar=("EXPLORER", "HOOKD", "  cmd/", "    hookd/", "      main.go", "  internal/", "    dispatch/",
                 "      *dispatch.go", "      dispatch_test.go", "      post.go", "    store/",
                 "  go.mod", "  go.sum", "  Makefile")),
    Editor("cpp", src("""
        #pragma once

        #include <list>
        #include <optional>
        #include <unordered_map>

        namespace tiles {

        // A cache of at most `capacity` entries that evicts the least recently used one.
        template <typename Key, typename Value>
        class LruCache {
        public:
            explicit LruCache(std::size_t capacity) : capacity_(capacity) {}

            std::optional<Value> get(const Key& key) {
                auto it = index_.find(key);
                if (it == index_.end()) {
                    return std::nullopt;
                }
                // Move the entry to the front: it is now the most recent.
                entries_.splice(entries_.begin(), entries_, it->second);
                return it->second->second;
            }

            void put(Key key, Value value) {
                if (auto it = index_.find(key); it != index_.end()) {
                    it->second->second = std::move(value);
                    entries_.splice(entries_.begin(), entries_, it->second);
                    return;
                }
                if (entries_.size() == capacity_) {
                    index_.erase(entries_.back().first);
                    entries_.pop_back();
                }
                entries_.emplace_front(key, std::move(value));
                index_.emplace(std::move(key), entries_.begin());
            }

        private:
            using Entry = std::pair<Key, Value>;
            std::size_t capacity_;
            std::list<Entry> entries_;
            std::unordered_map<Key, typename std::list<Entry>::iterator> index_;
        };

        }  // namespace tiles
        """), first_line=1, cursor=(21, 64), tabs=("lru_cache.hpp", "tile_loader.cpp", "CMakeLists.txt"),
        active="lru_cache.hpp", status_left=("main", "clangd"),
        status_right=("Ln 21, Col 64", "Spaces: 4", "UTF-8", "LF", "C++")),
]

SEALED7_TERMINAL = [
    Terminal(src("""
        ines@lark:~/src/hookd$ git status --short
         M internal/dispatch/dispatch.go
         M internal/dispatch/dispatch_test.go
        ines@lark:~/src/hookd$ make
        go build -trimpath -ldflags "-s -w -X main.version=v0.4.1-3-g9e2f1d7" -o bin/hookd ./cmd/hookd
        ines@lark:~/src/hookd$ go test ./...
        ?       github.com/ines/hookd/cmd/hookd [no test files]
        ok      github.com/ines/hookd/internal/store    0.014s
        --- FAIL: TestDeliverRetries (1.51s)
            dispatch_test.go:88: failed = [http://127.0.0.1:41873/b], want []
            dispatch_test.go:89: server b saw 3 attempts, want 2
        FAIL
        FAIL    github.com/ines/hookd/internal/dispatch 1.527s
        FAIL
        ines@lark:~/src/hookd$ go test -count=1 -run TestDeliverClosed ./internal/dispatch
        panic: runtime error: invalid memory address or nil pointer dereference
        [signal SIGSEGV: segmentation violation code=0x1 addr=0x30 pc=0x6d1c25]

        goroutine 23 [running]:
        github.com/ines/hookd/internal/dispatch.(*Dispatcher).post(0xc0000a6000, {0x8a3f10, 0xc0000a2000}, {0xc0000b4180, 0x19}, {0xc0000c6000, 0x5b, 0x60})
                /home/ines/src/hookd/internal/dispatch/post.go:31 +0x45
        github.com/ines/hookd/internal/dispatch.(*Dispatcher).Deliver.func1({{0xc0000b4180, 0x19}, {0x0, 0x0}})
                /home/ines/src/hookd/internal/dispatch/dispatch.go:78 +0x13a
        created by github.com/ines/hookd/internal/dispatch.(*Dispatcher).Deliver in goroutine 7
                /home/ines/src/hookd/internal/dispatch/dispatch.go:75 +0x3c5
        exit status 2
        FAIL    github.com/ines/hookd/internal/dispatch 0.031s
        ines@lark:~/src/hookd$
        """), "spleen", 16, 17, "nightfox", title="ines@lark: ~/src/hookd"),
    Terminal(src("""
        ines@lark:~/src/shelf$ git log --oneline -5
        4e1b9c2 (HEAD -> main) Paginate the loans index
        a93d07f Send overdue reminders from a nightly job
        1c5e8b0 (origin/main, origin/HEAD) Validate ISBN-13 check digits
        7f20d6e Add Loan#renew with a two-renewal limit
        d08a3c1 Upgrade to Rails 7.1
        ines@lark:~/src/shelf$ bundle exec rspec spec/models/loan_spec.rb
        ....F..

        Failures:

          1) Loan#renew refuses a third renewal
             Failure/Error: expect { loan.renew! }.to raise_error(Loan::RenewalLimit)
               expected Loan::RenewalLimit but nothing was raised
             # ./spec/models/loan_spec.rb:42:in `block (3 levels) in <top (required)>'

        Finished in 0.41263 seconds (files took 1.92 seconds to load)
        7 examples, 1 failure

        Failed examples:

        rspec ./spec/models/loan_spec.rb:39 # Loan#renew refuses a third renewal

        ines@lark:~/src/shelf$ ls -l app/models
        total 20
        -rw-r--r-- 1 ines ines  118 May 14 09:02 application_record.rb
        -rw-r--r-- 1 ines ines  904 May 14 09:02 book.rb
        drwxr-xr-x 2 ines ines 4096 May 12 17:40 concerns
        -rw-r--r-- 1 ines ines 1377 Jun  3 11:26 loan.rb
        -rw-r--r-- 1 ines ines  612 May 28 16:15 member.rb
        ines@lark:~/src/shelf$
        """), "spleen", 16, 17, "nightfox", title="ines@lark: ~/src/shelf"),
]

SEALED7_SLIDES = [
    Deck("tomorrow", (
        slide_title("A counter that survives its callers", "manrope-bold", 34),
        Bullets(("The state lives in one process; callers only send it messages",
                 "If it crashes, its supervisor starts it again from zero"), "manrope", 20, spacing=1.6),
        CodeBlock("elixir", src('''
            defmodule Shelf.Counter do
              use GenServer

              def start_link(_opts), do: GenServer.start_link(__MODULE__, %{}, name: __MODULE__)

              def bump(key), do: GenServer.cast(__MODULE__, {:bump, key})
              def count(key), do: GenServer.call(__MODULE__, {:count, key})

              @impl true
              def init(counts), do: {:ok, counts}

              @impl true
              def handle_cast({:bump, key}, counts), do: {:noreply, Map.update(counts, key, 1, &(&1 + 1))}

              @impl true
              def handle_call({:count, key}, _from, counts), do: {:reply, Map.get(counts, key, 0), counts}
            end
            '''), "nanum-gothic-coding", 19, spacing=1.3),
    ), footer=(Text("Elixir in production, part 2", "manrope", 14, role="caption"),
               Text("14 / 30", "manrope", 14, role="caption")), top=34, gap=20),
    Deck("shades-of-purple", (
        slide_title("Format on save, only where a server can", "sora-bold", 34),
        CodeBlock("lua", src('''
            -- Format before each write, in buffers whose language server can format.
            local group = vim.api.nvim_create_augroup("FormatOnSave", { clear = true })

            vim.api.nvim_create_autocmd("LspAttach", {
              group = group,
              callback = function(args)
                local client = vim.lsp.get_client_by_id(args.data.client_id)
                if not client or not client.supports_method("textDocument/formatting") then
                  return
                end
                vim.api.nvim_create_autocmd("BufWritePre", {
                  group = group,
                  buffer = args.buf,
                  callback = function()
                    vim.lsp.buf.format({ bufnr = args.buf, timeout_ms = 1500 })
                  end,
                })
              end,
            })
            '''), "wqy-microhei-mono", 19, spacing=1.3),
    ), top=34, gap=22),
]

SEALED7_LETTERBOX = [
    Deck("synthwave-84", (
        slide_title("Loading without blocking the list", "karla-bold", 28),
        CodeBlock("swift", src('''
            struct BooksView: View {
                @State private var books: [Book] = []
                @State private var offline = false
                let client: LibraryClient

                var body: some View {
                    List(books) { book in
                        LabeledContent(book.title, value: book.author)
                    }
                    .overlay {
                        if offline { ContentUnavailableView("Offline", systemImage: "wifi.slash") }
                    }
                    .task {
                        do {
                            books = try await client.books(sortedBy: .title)
                        } catch {
                            offline = true
                        }
                    }
                }
            }
            '''), "noto-sans-mono-cjk", 17, spacing=1.25),
    ), margin=44, top=26, gap=16),
    Deck("modus-operandi", (
        slide_title("The whole stack in one file", "karla-bold", 28),
    ), columns=(
        Bullets(("API waits for a healthy database", "A named volume keeps the data", "One command: docker compose up"),
                "karla", 19),
        CodeBlock("yaml", src('''
            services:
              api:
                build: .
                ports:
                  - "8080:8080"
                environment:
                  DATABASE_URL: postgres://shelf@db:5432/shelf
                depends_on:
                  db:
                    condition: service_healthy

              db:
                image: postgres:16-alpine
                volumes:
                  - pgdata:/var/lib/postgresql/data
                healthcheck:
                  test: ["CMD", "pg_isready", "-U", "shelf"]
                  interval: 5s

            volumes:
              pgdata:
            '''), "noto-sans-mono-cjk", 16, spacing=1.25),
        330), margin=44, top=26, gap=16),
]
