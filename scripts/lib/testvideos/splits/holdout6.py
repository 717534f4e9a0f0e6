"""The holdout6 clips' screens, and the fonts and palettes only they use.

A sixth sealed set, for one evaluation on fonts and themes nobody tuned on. Code
fonts, UI fonts and colour themes that no other clip uses; not to be looked at by whoever
tunes framegrab.
"""

from pathlib import Path

from ..model import Bullets, CodeBlock, Deck, Editor, EditorStyle, Terminal, Text, slide_title, src


# Fonts only this set uses; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "pt-mono": (Path("/usr/share/fonts/truetype/paratype/PTM55F.ttf"), "PT Mono", True),
    "terminus": (Path("/usr/share/fonts/opentype/terminus/terminus-normal.otb"), "Terminus", True),
    "libertine-mono": (Path("/usr/share/fonts/opentype/linux-libertine/LinLibertine_M.otf"),
                       "Linux Libertine Mono", True),
    "opendyslexic-mono": (Path("/usr/share/fonts/opentype/opendyslexic/OpenDyslexicMono-Regular.otf"),
                          "OpenDyslexic Mono", True),
    "tex-gyre-cursor": (Path("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrecursor-regular.otf"),
                        "TeX Gyre Cursor", True),
    "clear-sans": (Path("/usr/share/fonts/truetype/clear-sans/ClearSans-Regular.ttf"), "Clear Sans", False),
    "biolinum": (Path("/usr/share/fonts/opentype/linux-libertine/LinBiolinum_R.otf"), "Linux Biolinum", False),
    "biolinum-bold": (Path("/usr/share/fonts/opentype/linux-libertine/LinBiolinum_RB.otf"),
                      "Linux Biolinum Bold", False),
    "inter": (Path("/usr/share/fonts/opentype/inter/Inter-Regular.otf"), "Inter", False),
    "inter-bold": (Path("/usr/share/fonts/opentype/inter/Inter-Bold.otf"), "Inter Bold", False),
    "tex-gyre-heros": (Path("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreheros-regular.otf"),
                       "TeX Gyre Heros", False),
    "tex-gyre-heros-bold": (Path("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreheros-bold.otf"),
                            "TeX Gyre Heros Bold", False),
}


# Palettes only this set uses; themes.PALETTES takes them in.
PALETTES = {
    # holdout6 (sealed): Xcode-Default-Light-like editor
    "xcode-light": {
        "polarity": "light", "background": "#ffffff", "plain": "#262626", "keyword": "#9b2393",
        "type": "#0b4f79", "string": "#c41a16", "number": "#1c00cf", "comment": "#5d6c79",
        "function": "#326d74", "annotation": "#643820", "property": "#0f68a0",
        "gutter": "#a6a6a6", "gutter_active": "#262626", "line_highlight": "#e8f2ff",
        "indent_guide": "#e4e4e4", "activity": "#e9e9e9", "chrome": "#ececec", "chrome_text": "#6e6e6e",
        "tab_active": "#ffffff", "tab_active_text": "#262626", "sidebar": "#f5f5f5",
        "sidebar_text": "#3c3c3c", "sidebar_selected": "#d6e4f5", "status": "#f0f0f0",
        "status_text": "#5c5c5c", "border": "#d9d9d9",
    },
    # holdout6 (sealed): Iceberg-like terminal
    "iceberg": {
        "polarity": "dark", "background": "#161821", "plain": "#c6c8d1", "user": "#b4be82",
        "path": "#84a0c6", "dir": "#84a0c6", "exec": "#b4be82", "hash": "#e2a478", "ref": "#89b8c2",
        "ok": "#b4be82", "fail": "#e27878", "warn": "#e2a478", "dim": "#6b7089",
        "chrome": "#0f1117", "chrome_text": "#9a9ca5",
    },
    # holdout6 (sealed): Flexoki-light-like slide, as a lecture's slides look
    "flexoki-light": {
        "polarity": "light", "background": "#fffcf0", "panel": "#f2f0e5", "plain": "#100f0f",
        "keyword": "#66800b", "type": "#ad8301", "string": "#24837b", "number": "#5e409d",
        "comment": "#6f6e69", "function": "#bc5215", "annotation": "#a02f6f", "property": "#205ea6",
        "title": "#205ea6", "text": "#100f0f", "bullet": "#bc5215", "caption": "#6f6e69",
    },
    # holdout6 (sealed): Material-Palenight-like dark slide
    "palenight": {
        "polarity": "dark", "background": "#292d3e", "panel": "#202331", "plain": "#a6accd",
        "keyword": "#c792ea", "type": "#ffcb6b", "string": "#c3e88d", "number": "#f78c6c",
        "comment": "#676e95", "function": "#82aaff", "annotation": "#89ddff", "property": "#f07178",
        "title": "#eeffff", "text": "#a6accd", "bullet": "#c792ea", "caption": "#676e95",
    },
    # holdout6 (sealed): Vitesse-Dark-like slide
    "vitesse-dark": {
        "polarity": "dark", "background": "#121212", "panel": "#1a1a1a", "plain": "#dbd7ca",
        "keyword": "#4d9375", "type": "#5da994", "string": "#c98a7d", "number": "#4c9a91",
        "comment": "#758575", "function": "#80a665", "annotation": "#cb7676", "property": "#bd976a",
        "title": "#dbd7ca", "text": "#bfbaaa", "bullet": "#4d9375", "caption": "#758575",
    },
    # holdout6 (sealed): Bluloco-Light-like slide
    "bluloco-light": {
        "polarity": "light", "background": "#f9f9f9", "panel": "#eeeef0", "plain": "#383a42",
        "keyword": "#0098dd", "type": "#823ff1", "string": "#b8911f", "number": "#ce33c0",
        "comment": "#a0a1a7", "function": "#275fe4", "annotation": "#d52753", "property": "#a05a48",
        "title": "#383a42", "text": "#383a42", "bullet": "#0098dd", "caption": "#a0a1a7",
    },
}


SEALED6_EDITOR = EditorStyle("xcode-light", "pt-mono", 16, 24, "clear-sans", 13, tab_height=34,
                             status_height=24, activity_width=44, sidebar_width=240, indent_guides=True)

SEALED6_EDITOR_SCREENS = [
    Editor("rust", src("""
        /// Parses a human duration such as "90s", "15m" or "1h30m" into seconds.
        pub fn parse_duration(text: &str) -> Result<u64, ParseError> {
            let mut total = 0u64;
            let mut digits = String::new();
            for ch in text.trim().chars() {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                let unit = match ch {
                    's' => 1,
                    'm' => 60,
                    'h' => 3600,
                    'd' => 86_400,
                    other => return Err(ParseError::UnknownUnit(other)),
                };
                let value: u64 = digits.parse().map_err(|_| ParseError::MissingNumber(ch))?;
                total += value * unit;
                digits.clear();
            }
            if !digits.is_empty() {
                // A bare number is read as seconds, as the old config format did.
                total += digits.parse::<u64>().unwrap_or(0);
            }
            Ok(total)
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            #[test]
            fn mixed_units() {
                assert_eq!(parse_duration("1h30m"), Ok(5400));
                assert_eq!(parse_duration("2d"), Ok(172_800));
            }

            #[test]
            fn unit_without_number() {
                assert_eq!(parse_duration("m"), Err(ParseError::MissingNumber('m')));
            }
        }
        """), first_line=14, cursor=(30, 66), tabs=("duration.rs", "config.rs", "main.rs", "Cargo.toml"),
        active="duration.rs", status_left=("main", "rust-analyzer"),
        status_right=("Ln 30, Col 66", "Spaces: 4", "UTF-8", "LF", "Rust"),
        sidebar=("EXPLORER", "WAYBILL", "  src/", "    cli.rs", "    config.rs", "    *duration.rs",
                 "    main.rs", "  tests/", "    cli.rs", "  Cargo.lock", "  Cargo.toml", "  README.md")),
    Editor("typescript", src("""
        export interface RetryOptions {
          attempts: number;
          baseDelayMs: number;
          retryOn?: (status: number) => boolean;
        }

        const defaults: RetryOptions = {
          attempts: 3,
          baseDelayMs: 200,
          retryOn: (status) => status === 429 || status >= 500,
        };

        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

        // Fetches url, waiting twice as long after each failed attempt.
        export async function fetchWithRetry(
          url: string,
          init: RequestInit = {},
          options: Partial<RetryOptions> = {},
        ): Promise<Response> {
          const { attempts, baseDelayMs, retryOn } = { ...defaults, ...options };
          let lastError: unknown;
          for (let attempt = 0; attempt < attempts; attempt++) {
            try {
              const response = await fetch(url, init);
              if (!retryOn?.(response.status)) {
                return response;
              }
              lastError = new Error(`HTTP ${response.status} from ${url}`);
            } catch (err) {
              lastError = err;
            }
            await sleep(baseDelayMs * 2 ** attempt);
          }
          throw lastError;
        }
        """), first_line=1, cursor=(29, 68), tabs=("retry.ts", "client.ts", "retry.test.ts", "package.json"),
        active="retry.ts", status_left=("fix/retry-429", "0 problems"),
        status_right=("Ln 29, Col 68", "Spaces: 2", "UTF-8", "LF", "TypeScript"), indent_unit=2),
]

SEALED6_TERMINAL = [
    Terminal(src("""
        lena@kestrel:~/src/waybill$ git status --short
         M src/duration.rs
        ?? tests/cli.rs
        lena@kestrel:~/src/waybill$ cargo test --quiet

        running 9 tests
        .........
        test result: ok. 9 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s


        running 3 tests
        ..F
        failures:

        ---- cli_rejects_unknown_unit stdout ----
        thread 'cli_rejects_unknown_unit' panicked at tests/cli.rs:41:5:
        assertion `left == right` failed
          left: "unknown unit: w"
         right: "unknown unit 'w' in 2w"
        note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


        failures:
            cli_rejects_unknown_unit

        test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s

        error: test failed, to rerun pass `--test cli`
        lena@kestrel:~/src/waybill$
        """), "terminus", 16, 17, "iceberg", title="lena@kestrel: ~/src/waybill"),
    Terminal(src("""
        lena@kestrel:~/src/ledger$ python -m pytest -q
        ................................................                                                                                                                                                                                       [100%]
        48 passed in 1.92s
        lena@kestrel:~/src/ledger$ git commit -am "Round invoice totals half-even, as the tax office does"
        [main 3f9c2a1] Round invoice totals half-even, as the tax office does
         2 files changed, 19 insertions(+), 6 deletions(-)
        lena@kestrel:~/src/ledger$ git log --oneline -4
        3f9c2a1 (HEAD -> main) Round invoice totals half-even, as the tax office does
        b70e5d4 (origin/main, origin/HEAD) Store amounts as integer cents
        91ad0c8 Add a CSV export of open invoices
        e2c4f67 Read the VAT rate from settings, not a constant
        lena@kestrel:~/src/ledger$ python -m build --wheel
        * Creating isolated environment: venv+pip...
        * Installing packages in isolated environment:
          - setuptools >= 68
        * Getting build dependencies for wheel...
        * Building wheel...
        Successfully built ledger-0.9.0-py3-none-any.whl
        lena@kestrel:~/src/ledger$ ls -l dist/
        total 28
        -rw-r--r-- 1 lena lena 26114 Mar  3 14:07 ledger-0.9.0-py3-none-any.whl
        lena@kestrel:~/src/ledger$
        """), "terminus", 16, 17, "iceberg", title="lena@kestrel: ~/src/ledger"),
]

SEALED6_SLIDES = [
    Deck("flexoki-light", (
        slide_title("Fetching in parallel with a task group", "biolinum-bold", 34),
        Bullets(("Each child task runs concurrently; the group waits for all of them",
                 "The first error cancels the others and is rethrown"), "biolinum", 21, spacing=1.6),
        CodeBlock("swift", src('''
            func thumbnails(for ids: [Photo.ID]) async throws -> [Photo.ID: Image] {
                try await withThrowingTaskGroup(of: (Photo.ID, Image).self) { group in
                    for id in ids {
                        group.addTask {
                            let data = try await store.data(for: id)
                            return (id, try Image(decoding: data))
                        }
                    }
                    var result: [Photo.ID: Image] = [:]
                    for try await (id, image) in group {
                        result[id] = image
                    }
                    return result
                }
            }
            '''), "libertine-mono", 18, spacing=1.3),
    ), footer=(Text("Concurrency in Swift, week 4", "biolinum", 14, role="caption"),
               Text("9 / 22", "biolinum", 14, role="caption")), top=34, gap=20),
    Deck("palenight", (
        slide_title("Running totals without a self-join", "inter-bold", 36),
        CodeBlock("sql", src('''
            -- Daily revenue and its running total per region, last 30 days.
            SELECT
                region,
                order_date,
                SUM(amount_cents) / 100.0 AS revenue,
                SUM(SUM(amount_cents)) OVER (
                    PARTITION BY region
                    ORDER BY order_date
                ) / 100.0 AS running_total
            FROM orders
            WHERE order_date >= CURRENT_DATE - INTERVAL '30 days'
              AND status <> 'cancelled'
            GROUP BY region, order_date
            ORDER BY region, order_date;
            '''), "opendyslexic-mono", 20, spacing=1.4),
    ), top=34, gap=22),
]

SEALED6_PILLARBOX = [
    Deck("vitesse-dark", (
        slide_title("One endpoint, one file", "tex-gyre-heros-bold", 32),
        CodeBlock("csharp", src('''
            var builder = WebApplication.CreateBuilder(args);
            builder.Services.AddDbContext<TodoDb>(o => o.UseSqlite("Data Source=todos.db"));
            var app = builder.Build();

            // Only the open items, newest first.
            app.MapGet("/todos", async (TodoDb db) =>
                await db.Todos
                    .Where(t => !t.Done)
                    .OrderByDescending(t => t.CreatedAt)
                    .ToListAsync());

            app.MapPost("/todos", async (Todo todo, TodoDb db) =>
            {
                db.Todos.Add(todo);
                await db.SaveChangesAsync();
                return Results.Created($"/todos/{todo.Id}", todo);
            });

            app.Run();
            '''), "tex-gyre-cursor", 18),
    ), margin=48, top=32, gap=20),
    Deck("bluloco-light", (
        slide_title("Results instead of exceptions", "tex-gyre-heros-bold", 32),
    ), columns=(
        Bullets(("Every outcome is a type", "when must cover them all", "No stack traces in the UI"),
                "tex-gyre-heros", 20),
        CodeBlock("kotlin", src('''
            sealed interface LoadResult {
                data class Ok(val items: List<Item>) : LoadResult
                data class Failed(val message: String) : LoadResult
                data object Offline : LoadResult
            }

            suspend fun load(api: Api): LoadResult = try {
                LoadResult.Ok(api.items())
            } catch (e: IOException) {
                LoadResult.Offline
            } catch (e: HttpException) {
                LoadResult.Failed("Server said ${e.code()}")
            }

            fun render(result: LoadResult) = when (result) {
                is LoadResult.Ok -> showList(result.items)
                is LoadResult.Failed -> showError(result.message)
                LoadResult.Offline -> showBanner(R.string.offline)
            }
            '''), "tex-gyre-cursor", 17, spacing=1.3),
        310), margin=48, top=32, gap=20),
]
