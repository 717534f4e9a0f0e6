"""The holdout3 clips' screens, and the fonts and palettes only they use.

A third sealed set, for one evaluation at the end of a round of work. Code fonts,
UI fonts and colour themes that no other clip uses; not to be looked at by whoever tunes framegrab.
"""

from pathlib import Path

from ..model import Bullets, CodeBlock, Deck, Editor, EditorStyle, Terminal, slide_title, src


# Fonts only this set uses; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "oxygen-mono": (Path("/usr/share/fonts/truetype/oxygen/OxygenMono-Regular.ttf"), "Oxygen Mono", True),
    "oxygen-sans": (Path("/usr/share/fonts/truetype/oxygen/Oxygen-Sans.ttf"), "Oxygen Sans", False),
    "oxygen-sans-bold": (Path("/usr/share/fonts/truetype/oxygen/Oxygen-Sans-Bold.ttf"), "Oxygen Sans Bold", False),
    "mononoki": (Path("/usr/share/fonts/truetype/mononoki/mononoki-Regular.ttf"), "mononoki", True),
    "anonymous-pro": (Path("/usr/share/fonts/truetype/anonymous-pro/Anonymous Pro.ttf"), "Anonymous Pro", True),
    "fantasque-sans-mono": (Path("/usr/share/fonts/truetype/fantasque-sans/Normal/TTF/FantasqueSansMono-Regular.ttf"),
                            "Fantasque Sans Mono", True),
    "roboto": (Path("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"), "Roboto", False),
    "roboto-bold": (Path("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf"), "Roboto Bold", False),
}


# Palettes only this set uses; themes.PALETTES takes them in.
PALETTES = {
    # holdout3 (sealed): Tokyo-Night-like editor
    "tokyo-night": {
        "polarity": "dark", "background": "#1a1b26", "plain": "#a9b1d6", "keyword": "#bb9af7",
        "type": "#2ac3de", "string": "#9ece6a", "number": "#ff9e64", "comment": "#565f89",
        "function": "#7aa2f7", "annotation": "#e0af68", "property": "#73daca",
        "gutter": "#3b4261", "gutter_active": "#737aa2", "line_highlight": "#1f2335",
        "indent_guide": "#292e42", "activity": "#16161e", "chrome": "#16161e", "chrome_text": "#787c99",
        "tab_active": "#1a1b26", "tab_active_text": "#c0caf5", "sidebar": "#16161e",
        "sidebar_text": "#a9b1d6", "sidebar_selected": "#283457", "status": "#16161e",
        "status_text": "#8089b3",
    },
    # holdout3 (sealed): light terminal profile with Tango-like colours
    "tango-light": {
        "polarity": "light", "background": "#ffffff", "plain": "#2e3436", "user": "#4e9a06",
        "path": "#3465a4", "dir": "#3465a4", "exec": "#4e9a06", "hash": "#c4a000", "ref": "#06989a",
        "ok": "#4e9a06", "fail": "#cc0000", "warn": "#ce5c00", "dim": "#75787a",
        "chrome": "#e9e9e7", "chrome_text": "#3d3d3d",
    },
    # holdout3 (sealed): Catppuccin-Latte-like light slide
    "latte": {
        "polarity": "light", "background": "#eff1f5", "panel": "#e6e9ef", "plain": "#4c4f69",
        "keyword": "#8839ef", "type": "#df8e1d", "string": "#40a02b", "number": "#fe640b",
        "comment": "#7c7f93", "function": "#1e66f5", "annotation": "#ea76cb", "property": "#179299",
        "title": "#4c4f69", "text": "#5c5f77", "bullet": "#1e66f5", "caption": "#8c8fa1",
    },
    # holdout3 (sealed): Night-Owl-like dark slide
    "night-owl": {
        "polarity": "dark", "background": "#011627", "panel": "#0b2942", "plain": "#d6deeb",
        "keyword": "#c792ea", "type": "#ffcb8b", "string": "#ecc48d", "number": "#f78c6c",
        "comment": "#637777", "function": "#82aaff", "annotation": "#7fdbca", "property": "#addb67",
        "title": "#ffffff", "text": "#d6deeb", "bullet": "#7fdbca", "caption": "#5f7e97",
    },
    # holdout3 (sealed): Ayu-Mirage-like dark slide
    "ayu-mirage": {
        "polarity": "dark", "background": "#1f2430", "panel": "#242936", "plain": "#cccac2",
        "keyword": "#ffad66", "type": "#73d0ff", "string": "#d5ff80", "number": "#dfbfff",
        "comment": "#6e7c8f", "function": "#ffd173", "annotation": "#f29e74", "property": "#5ccfe6",
        "title": "#e6e4dc", "text": "#cccac2", "bullet": "#ffad66", "caption": "#707a8c",
    },
    # holdout3 (sealed): Ayu-Light-like slide
    "ayu-light": {
        "polarity": "light", "background": "#fcfcfc", "panel": "#f3f4f5", "plain": "#5c6166",
        "keyword": "#fa8d3e", "type": "#399ee6", "string": "#86b300", "number": "#a37acc",
        "comment": "#9a9da1", "function": "#f2ae49", "annotation": "#e6ba7e", "property": "#55b4d4",
        "title": "#3f4449", "text": "#5c6166", "bullet": "#fa8d3e", "caption": "#8a9199",
    },
}


SEALED3_EDITOR = EditorStyle("tokyo-night", "oxygen-mono", 17, 24, "oxygen-sans", 13, tab_height=35,
                             status_height=24, activity_width=46, sidebar_width=240, indent_guides=True)

SEALED3_EDITOR_SCREENS = [
    Editor("rust", src("""
        impl LineIndex {
            pub fn new(text: &str) -> Self {
                let mut line_starts = vec![0];
                for (i, byte) in text.bytes().enumerate() {
                    if byte == b'\\n' {
                        line_starts.push(i + 1);
                    }
                }
                LineIndex { line_starts, len: text.len() }
            }

            /// Zero-based line and column of `offset`; None past the end of the text.
            pub fn line_col(&self, offset: usize) -> Option<(usize, usize)> {
                if offset > self.len {
                    return None;
                }
                let line = match self.line_starts.binary_search(&offset) {
                    Ok(exact) => exact,
                    Err(next) => next - 1,
                };
                Some((line, offset - self.line_starts[line]))
            }
        }

        #[test]
        fn finds_lines_and_columns() {
            let index = LineIndex::new("fill\\nIllegal\\n\\nl1");
            assert_eq!(index.line_col(0), Some((0, 0)));
            assert_eq!(index.line_col(6), Some((1, 1)));
            assert_eq!(index.line_col(14), Some((3, 0)));
            assert_eq!(index.line_col(99), None);
        }
        """), first_line=14, cursor=(30, 42), tabs=("lib.rs", "line_index.rs", "span.rs"), active="line_index.rs",
        status_left=("main", "0 errors, 0 warnings"),
        status_right=("Ln 30, Col 42", "Spaces: 4", "UTF-8", "LF", "Rust"),
        sidebar=("EXPLORER", "TEXTPOS", "  benches/", "  src/", "    lib.rs", "    *line_index.rs", "    span.rs",
                 "  tests/", "  Cargo.toml")),
    Editor("java", src("""
            public FeedPoller(URI feed, LineSink sink) {
                this.feed = feed;
                this.sink = sink;
            }

            @Override
            public void run() {
                var request = HttpRequest.newBuilder(feed.resolve("?after=" + lastLineId))
                        .timeout(TIMEOUT)
                        .build();
                try {
                    var response = client.send(request, HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() != 200) {
                        throw new IOException("feed answered " + response.statusCode());
                    }
                    for (String line : response.body().lines().toList()) {
                        int tab = line.indexOf('\\t');
                        long id = Long.parseLong(line.substring(0, tab));
                        if (id > lastLineId) {
                            sink.accept(id, line.substring(tab + 1));
                            lastLineId = id;
                        }
                    }
                    failures = 0;
                } catch (IOException | InterruptedException e) {
                    if (++failures >= MAX_FAILURES) {
                        throw new IllegalStateException("giving up on " + feed + " after " + failures + " tries", e);
                    }
                }
            }
        }
        """, indent=4), first_line=22, cursor=(39, 50), tabs=("FeedPoller.java", "LineSink.java", "build.gradle.kts"),
        active="FeedPoller.java", status_left=("feed-ingest", "0 errors"),
        status_right=("Ln 39, Col 50", "Spaces: 4", "UTF-8", "LF", "Java")),
]

SEALED3_TERMINAL = [
    Terminal(src("""
        ana@l1-devbox:~/code/imgproc$ cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
        -- The C compiler identification is GNU 12.2.0
        -- Found PNG: /usr/lib/x86_64-linux-gnu/libpng.so (found version "1.6.39")
        -- Configuring done
        -- Generating done
        -- Build files have been written to: /home/ana/code/imgproc/build
        ana@l1-devbox:~/code/imgproc$ cmake --build build -j 8
        [ 33%] Building C object CMakeFiles/imgproc.dir/src/blur.c.o
        [ 66%] Building C object CMakeFiles/imgproc.dir/src/main.c.o
        /home/ana/code/imgproc/src/blur.c:41:9: warning: unused variable 'l1' [-Wunused-variable]
           41 |     int l1 = 0;
              |         ^~
        [100%] Linking C executable imgproc
        [100%] Built target imgproc
        ana@l1-devbox:~/code/imgproc$ ctest --test-dir build --output-on-failure
        Test project /home/ana/code/imgproc/build
            Start 1: blur_identity
        1/3 Test #1: blur_identity ....................   Passed    0.01 sec
            Start 2: blur_radius_1
        2/3 Test #2: blur_radius_1 ....................***Failed    0.02 sec
        expected pixel (10, 11) = 127, got 128
            Start 3: blur_edges_clamp
        3/3 Test #3: blur_edges_clamp .................   Passed    0.11 sec

        67% tests passed, 1 tests failed out of 3
        ana@l1-devbox:~/code/imgproc$
        """), "mononoki", 13, 18, "tango-light", title="ana@l1-devbox: ~/code/imgproc"),
    Terminal(src("""
        ana@l1-devbox:~/code/dashboard$ npm ci

        added 412 packages, and audited 413 packages in 9s

        71 packages are looking for funding
          run `npm fund` for details

        found 0 vulnerabilities
        ana@l1-devbox:~/code/dashboard$ npx tsc --noEmit
        src/widgets/LineChart.tsx:58:11 - error TS2322: Type 'string | undefined' is not assignable to type 'string'.

        58     const label: string = series.find((s) => s.id === id)?.label;
                     ~~~~~

        Found 1 error in src/widgets/LineChart.tsx:58

        ana@l1-devbox:~/code/dashboard$ ls -l src/widgets
        total 16
        -rw-r--r-- 1 ana ana 1187 Jun  3 09:52 Legend.tsx
        -rw-r--r-- 1 ana ana 4102 Jun  3 10:14 LineChart.tsx
        -rw-r--r-- 1 ana ana  911 May 28 17:01 index.ts
        ana@l1-devbox:~/code/dashboard$
        """), "mononoki", 13, 18, "tango-light", title="ana@l1-devbox: ~/code/dashboard"),
]

SEALED3_SLIDES = [
    Deck("latte", (
        slide_title("Flags without a library", "roboto-bold", 42),
        CodeBlock("cpp", src('''
            // Accepts "-v", "--level=N" (N from 0 to 11) and one input path.
            bool parse(int argc, char** argv, Options& out) {
                for (int i = 1; i < argc; ++i) {
                    std::string_view arg = argv[i];
                    if (arg == "-v" || arg == "--verbose") {
                        out.verbose = true;
                    } else if (arg.starts_with("--level=")) {
                        auto [ptr, ec] = std::from_chars(arg.data() + 8, arg.data() + arg.size(), out.level);
                        if (ec != std::errc{} || out.level < 0 || out.level > 11)
                            return false;
                    } else if (out.input.empty()) {
                        out.input = arg;
                    } else {
                        return false;
                    }
                }
                return !out.input.empty();
            }
            '''), "anonymous-pro", 20),
    ), top=36),
    Deck("night-owl", (
        slide_title("Signals in twenty lines", "roboto-bold", 42),
        CodeBlock("typescript", src('''
            // A value that tells its listeners when it changes, and only then.
            export function signal<T>(initial: T) {
              let value = initial;
              const listeners = new Set<(value: T) => void>();
              return {
                get: () => value,
                set(next: T) {
                  if (Object.is(next, value)) return;
                  value = next;
                  for (const listen of listeners) listen(value);
                },
                subscribe(listener: (value: T) => void): () => void {
                  listeners.add(listener);
                  return () => listeners.delete(listener);
                },
              };
            }
            '''), "anonymous-pro", 22),
    ), top=36),
]

SEALED3_LETTERBOX = [
    Deck("ayu-mirage", (
        slide_title("Checking downloads as they stream", "oxygen-sans-bold", 50),
        CodeBlock("python", src('''
            import hashlib
            import urllib.request

            MIRROR = "https://downloads.example.org/releases"
            CHUNK = 1 << 16

            def fetch(name: str, expected_sha256: str, dest: str) -> int:
                """Download name from the mirror, checking its digest as it streams."""
                digest = hashlib.sha256()
                total = 0
                with urllib.request.urlopen(f"{MIRROR}/{name}", timeout=30) as resp, open(dest, "wb") as out:
                    while block := resp.read(CHUNK):
                        digest.update(block)
                        out.write(block)
                        total += len(block)
                if digest.hexdigest() != expected_sha256:
                    raise ValueError(f"{name}: checksum mismatch after {total} bytes")
                return total
            '''), "fantasque-sans-mono", 24),
    ), margin=110, top=44, gap=30),
    Deck("ayu-light", (
        slide_title("Health checks that mean something", "oxygen-sans-bold", 50),
    ), columns=(
        Bullets(("Probe the real endpoint", "Fail fast: 1 s timeout", "Start only after the database"),
                "oxygen-sans", 30),
        CodeBlock("yaml", src('''
            services:
              api:
                image: registry.example.com/shop/api:1.14.0
                ports:
                  - "8080:8080"
                environment:
                  DB_POOL_SIZE: 10
                healthcheck:
                  test: ["CMD", "wget", "-q", "-O", "/dev/null", "http://localhost:8080/healthz"]
                  interval: 10s
                  timeout: 1s
                  retries: 3
                depends_on:
                  db:
                    condition: service_healthy
            '''), "fantasque-sans-mono", 24, spacing=1.3),
        520), margin=110, top=44, gap=30),
]
