"""The holdout4 clips' screens, and the fonts and palettes only they use.

A fourth sealed set, for one evaluation on fonts and themes nobody tuned on. Code
fonts, UI fonts and colour themes that no other clip uses; not to be looked at by whoever
tunes framegrab.
"""

from pathlib import Path

from ..model import Bullets, CodeBlock, Deck, Editor, EditorStyle, Terminal, slide_title, src


# Fonts only this set uses; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "hermit": (Path("/usr/share/fonts/truetype/hermit/Hermit-medium.otf"), "Hermit", True),
    "league-mono": (Path("/usr/share/fonts/opentype/league-mono/LeagueMono-Regular.otf"), "League Mono", True),
    "courier-prime-code": (Path("/usr/share/fonts/opentype/courier-prime/Courier Prime Code.otf"),
                           "Courier Prime Code", True),
    "ibm-3270": (Path("/usr/share/fonts/truetype/3270/3270-Regular.ttf"), "IBM 3270", True),
    "cantarell": (Path("/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf"), "Cantarell", False),
    "cantarell-bold": (Path("/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf"), "Cantarell Bold", False),
    "open-sans": (Path("/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf"), "Open Sans", False),
    "open-sans-bold": (Path("/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf"), "Open Sans Bold", False),
}


# Palettes only this set uses; themes.PALETTES takes them in.
PALETTES = {
    # holdout4 (sealed): Rose-Pine-Dawn-like light editor
    "rose-pine-dawn": {
        "polarity": "light", "background": "#faf4ed", "plain": "#575279", "keyword": "#286983",
        "type": "#56949f", "string": "#ea9d34", "number": "#b4637a", "comment": "#9893a5",
        "function": "#d7827e", "annotation": "#907aa9", "property": "#56949f",
        "gutter": "#9893a5", "gutter_active": "#575279", "line_highlight": "#f2e9e1",
        "indent_guide": "#e4dcd3", "activity": "#f2e9e1", "chrome": "#fffaf3", "chrome_text": "#797593",
        "tab_active": "#faf4ed", "tab_active_text": "#575279", "sidebar": "#fffaf3",
        "sidebar_text": "#575279", "sidebar_selected": "#dfdad9", "status": "#f2e9e1",
        "status_text": "#797593", "border": "#dfdad9",
    },
    # holdout4 (sealed): Zenburn-like terminal
    "zenburn": {
        "polarity": "dark", "background": "#3f3f3f", "plain": "#dcdccc", "user": "#7f9f7f",
        "path": "#8cd0d3", "dir": "#8cd0d3", "exec": "#7f9f7f", "hash": "#f0dfaf", "ref": "#93e0e3",
        "ok": "#7f9f7f", "fail": "#cc9393", "warn": "#f0dfaf", "dim": "#8f9f8f",
        "chrome": "#2b2b2b", "chrome_text": "#cfcfbf",
    },
    # holdout4 (sealed): sepia paper slide
    "sepia": {
        "polarity": "light", "background": "#f4ecd8", "panel": "#ebe0c5", "plain": "#433422",
        "keyword": "#8b3a1e", "type": "#6f5a12", "string": "#3f6b2a", "number": "#9c4f0c",
        "comment": "#857557", "function": "#2f5d7c", "annotation": "#7a3e6e", "property": "#2f5d7c",
        "title": "#2e2416", "text": "#433422", "bullet": "#8b3a1e", "caption": "#857557",
    },
    # holdout4 (sealed): Cobalt2-like dark slide
    "cobalt2": {
        "polarity": "dark", "background": "#193549", "panel": "#122738", "plain": "#ffffff",
        "keyword": "#ff9d00", "type": "#80ffbb", "string": "#3ad900", "number": "#ff628c",
        "comment": "#0088ff", "function": "#ffc600", "annotation": "#fb94ff", "property": "#9effff",
        "title": "#ffc600", "text": "#e1efff", "bullet": "#ff9d00", "caption": "#8fa6bf",
    },
    # holdout4 (sealed): Kanagawa-like dark slide
    "kanagawa": {
        "polarity": "dark", "background": "#1f1f28", "panel": "#2a2a37", "plain": "#dcd7ba",
        "keyword": "#957fb8", "type": "#7aa89f", "string": "#98bb6c", "number": "#d27e99",
        "comment": "#727169", "function": "#7e9cd8", "annotation": "#e6c384", "property": "#e6c384",
        "title": "#dcd7ba", "text": "#c8c093", "bullet": "#ffa066", "caption": "#727169",
    },
    # holdout4 (sealed): Everforest-light-like slide
    "everforest-light": {
        "polarity": "light", "background": "#fffbef", "panel": "#f4f0d9", "plain": "#5c6a72",
        "keyword": "#f85552", "type": "#dfa000", "string": "#8da101", "number": "#df69ba",
        "comment": "#939f91", "function": "#35a77c", "annotation": "#f57d26", "property": "#3a94c5",
        "title": "#4d5960", "text": "#5c6a72", "bullet": "#f57d26", "caption": "#939f91",
    },
}


SEALED4_EDITOR = EditorStyle("rose-pine-dawn", "hermit", 17, 24, "cantarell", 13, tab_height=34,
                             status_height=24, activity_width=44, sidebar_width=230)

SEALED4_EDITOR_SCREENS = [
    Editor("swift", src("""
            /// What was appended since the last call; a torn last line waits for the next one.
            func poll() throws -> [String] {
                let fd = open(path, O_RDONLY)
                guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                defer { close(fd) }

                var info = stat()
                if fstat(fd, &info) == 0 && info.st_size < offset {
                    offset = 0          // truncated or rotated: read it again from the top
                    pending.removeAll()
                }
                lseek(fd, offset, SEEK_SET)
                let data = try FileHandle(fileDescriptor: fd).readToEnd() ?? Data()
                pending.append(data)
                offset += off_t(data.count)

                var lines: [String] = []
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = pending[pending.startIndex..<newline].prefix(Self.maxLineLength)
                    lines.append(String(decoding: line, as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
                return lines
            }
        }
        """), first_line=15, cursor=(22, 37), tabs=("LogTail.swift", "Rules.swift", "LogTailTests.swift"),
        active="LogTail.swift", status_left=("main", "0 errors, 0 warnings"),
        status_right=("Ln 22, Col 37", "Spaces: 4", "UTF-8", "LF", "Swift"),
        sidebar=("EXPLORER", "LOGWATCH", "  Sources/", "    LogWatch/", "      *LogTail.swift", "      Rules.swift",
                 "      main.swift", "  Tests/", "  Package.swift")),
    Editor("csharp", src("""
        // Rounding follows https://docs.example.com/billing/rounding (half to even, 2 places).
        public sealed class InvoiceRenderer(IInvoiceStore store, ILogger<InvoiceRenderer> log)
        {
            private readonly ConcurrentDictionary<(int CustomerId, int Month), byte[]> _cache = new();

            public async Task<byte[]> RenderAsync(int customerId, int month, CancellationToken ct = default)
            {
                if (month is < 1 or > 12)
                {
                    throw new ArgumentOutOfRangeException(nameof(month), month, "month must be 1 to 12");
                }
                if (_cache.TryGetValue((customerId, month), out var pdf)) return pdf;

                var lines = await store.LinesAsync(customerId, month, ct);
                var total = Math.Round(lines.Sum(l => l.Quantity * l.UnitPrice), 2, MidpointRounding.ToEven);
                log.LogInformation("invoice {Customer}/{Month}: {Count} lines, total {Total:0.00}", customerId, month, lines.Count, total);

                var json = JsonSerializer.Serialize(new { customerId, month, lines, total });
                pdf = await PdfTemplate.Default.FillAsync(json, ct);
                _cache[(customerId, month)] = pdf;
                return pdf;
            }
        }
        """), first_line=7, cursor=(21, 61), tabs=("InvoiceRenderer.cs", "IInvoiceStore.cs", "Billing.csproj"),
        active="InvoiceRenderer.cs", status_left=("release/2.3", "0 errors, 1 warning"),
        status_right=("Ln 21, Col 61", "Spaces: 4", "UTF-8", "CRLF", "C#")),
]

SEALED4_TERMINAL = [
    Terminal(src("""
        mira@tern:~/src/pcap-replay$ make
        cc -std=c11 -O2 -Wall -Wextra -Iinclude -c src/replay.c -o build/replay.o
        src/replay.c: In function 'replay_file':
        src/replay.c:118:23: error: 'hdr' undeclared (first use in this function); did you mean 'hdrl'?
          118 |     uint32_t caplen = hdr.incl_len;
              |                       ^~~
              |                       hdrl
        src/replay.c:118:23: note: each undeclared identifier is reported only once for each function it appears in
        src/replay.c:131:23: warning: comparison of integer expressions of different signedness: 'int' and 'uint32_t' [-Wsign-compare]
          131 |     for (int i = 0; i < caplen; i++) {
              |                       ^
        make: *** [Makefile:21: build/replay.o] Error 1
        mira@tern:~/src/pcap-replay$ sed -i 's/hdr\\.incl_len/hdrl.incl_len/' src/replay.c && make -s
        mira@tern:~/src/pcap-replay$ ./build/pcap-replay --stats captures/office-l0.pcap
        PROTO      PACKETS    SHARE
        tcp           8910    85.7%
        udp           1492    14.3%

        mira@tern:~/src/pcap-replay$
        """), "league-mono", 13, 18, "zenburn", title="mira@tern: ~/src/pcap-replay"),
    Terminal(src("""
        mira@tern:~/src/pcap-replay$ cd tools && python3 -m pytest -q
        ....F.....                                                               [100%]
        =================================== FAILURES ===================================
        ______________________________ test_parse_ipv4_l1 ______________________________

            def test_parse_ipv4_l1():
                pkt = load("fixtures/ipv4-frag.bin")
        >       assert parse(pkt).flags == 0b010
        E       AssertionError: assert 0 == 2
        E        +  where 0 = Packet(src='10.0.0.1', dst='10.0.1.10', flags=0).flags

        tests/test_parse.py:41: AssertionError
        =========================== short test summary info ============================
        FAILED tests/test_parse.py::test_parse_ipv4_l1 - AssertionError: assert 0 == 2
        1 failed, 9 passed in 0.37s
        mira@tern:~/src/pcap-replay/tools$ tail -n 3 /var/log/pcap-replay/replay.log
        2026-03-02T10:15:07Z INFO  replay finished packets=10402 dropped=0 elapsed=60.01s
        2026-03-02T10:15:09Z ERROR send failed on veth1: No such device (errno 19)
        2026-03-02T10:15:09Z INFO  retrying in 1s (attempt 1/10)
        mira@tern:~/src/pcap-replay/tools$
        """), "league-mono", 13, 18, "zenburn", title="mira@tern: ~/src/pcap-replay/tools"),
]

SEALED4_SLIDES = [
    Deck("sepia", (
        slide_title("Backpressure with a bounded channel", "open-sans-bold", 38),
    ), columns=(
        Bullets(("A full buffer suspends the producer", "Nothing is dropped, nothing grows",
                 "Capacity 0 is a rendezvous"), "open-sans", 22),
        CodeBlock("kotlin", src('''
            val lines = Channel<String>(capacity = 64)

            // The reader pauses whenever the parser lags.
            launch(Dispatchers.IO) {
                File("events.log").useLines { seq ->
                    for (line in seq) lines.send(line)
                }
                lines.close()
            }

            launch {
                var count = 0L
                for (line in lines) {
                    store.insert(parse(line))
                    if (++count % 1_000 == 0L) {
                        println("stored $count events")
                    }
                }
            }
            '''), "courier-prime-code", 20, spacing=1.3),
        440), top=36),
    Deck("cobalt2", (
        slide_title("Parsing without allocating", "open-sans-bold", 40),
        CodeBlock("rust", src('''
            /// Splits "key=value; key2=value2" into borrowed pairs.
            pub fn pairs(input: &str) -> impl Iterator<Item = (&str, &str)> + '_ {
                input
                    .split(';')
                    .map(str::trim)
                    .filter(|part| !part.is_empty())
                    .filter_map(|part| {
                        let (key, value) = part.split_once('=')?;
                        Some((key.trim_end(), value.trim_start()))
                    })
            }

            #[test]
            fn skips_empty_parts() {
                let got: Vec<_> = pairs("lang=en; ;level=1").collect();
                assert_eq!(got, [("lang", "en"), ("level", "1")]);
            }
            '''), "ibm-3270", 24, spacing=1.28),
    ), top=32, gap=22),
]

SEALED4_PILLARBOX = [
    Deck("kanagawa", (
        slide_title("Ranking within groups", "cantarell-bold", 36),
        CodeBlock("sql", src('''
            -- Slowest three endpoints per service, last day
            WITH ranked AS (
                SELECT service, endpoint,
                       percentile_cont(0.99)
                           WITHIN GROUP (ORDER BY latency_ms) AS p99,
                       count(*) AS calls
                FROM requests
                WHERE started_at > now() - interval '1 day'
                GROUP BY service, endpoint
            )
            SELECT service, endpoint, round(p99::numeric, 1) AS ms
            FROM (
                SELECT *, row_number() OVER (
                    PARTITION BY service ORDER BY p99 DESC) AS n
                FROM ranked
            ) t
            WHERE n <= 3
            ORDER BY service, n;
            '''), "league-mono", 20),
    ), margin=48, top=40, gap=24),
    Deck("everforest-light", (
        slide_title("Retry budgets, not retry loops", "cantarell-bold", 36),
        Bullets(("One budget per request, shared by every call", "Back off: 200, 400 ms, then give up"),
                "cantarell", 24),
        CodeBlock("typescript", src('''
            export async function withBudget<T>(
              call: () => Promise<T>,
              budget: { left: number },
            ): Promise<T> {
              for (let attempt = 1; ; attempt++) {
                try {
                  return await call();
                } catch (err) {
                  if (budget.left <= 0 || attempt >= 3) throw err;
                  budget.left -= 1;
                  await sleep(100 * 2 ** attempt);
                }
              }
            }
            '''), "league-mono", 20),
    ), margin=48, top=40, gap=24),
]
