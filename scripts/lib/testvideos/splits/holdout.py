"""The holdout clips' screens, and the fonts and palettes only they use.

Code fonts and colour themes that no dev clip uses, to show that the tuning carries over; kept
out of tuning.
"""

from pathlib import Path

from ..model import CodeBlock, Deck, Editor, EditorStyle, Terminal, Text, slide_title, src


# Fonts only this set uses; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "dejavu-serif": (Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), "DejaVu Serif", False),
    "dejavu-serif-bold": (Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"), "DejaVu Serif Bold",
                          False),
    "fira-code": (Path("/usr/share/fonts/truetype/firacode/FiraCode-Regular.ttf"), "Fira Code", True),
    "hack": (Path("/usr/share/fonts/truetype/hack/Hack-Regular.ttf"), "Hack", True),
    "noto-sans-mono": (Path("/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf"), "Noto Sans Mono", True),
    "inconsolata": (Path("/usr/share/fonts/truetype/inconsolata/Inconsolata.otf"), "Inconsolata", True),
}


# Palettes only this set uses; themes.PALETTES takes them in.
PALETTES = {
    # holdout: Dracula-like
    "dracula": {
        "polarity": "dark", "background": "#282a36", "plain": "#f8f8f2", "keyword": "#ff79c6",
        "type": "#8be9fd", "string": "#f1fa8c", "number": "#bd93f9", "comment": "#6272a4",
        "function": "#50fa7b", "annotation": "#ffb86c", "property": "#8be9fd",
        "gutter": "#6272a4", "gutter_active": "#f8f8f2", "line_highlight": "#44475a",
        "indent_guide": "#3b3e4f", "activity": "#343746", "chrome": "#21222c", "chrome_text": "#7b7f9e",
        "tab_active": "#282a36", "tab_active_text": "#f8f8f2", "sidebar": "#21222c",
        "sidebar_text": "#c9cbd9", "sidebar_selected": "#44475a", "status": "#191a21",
        "status_text": "#d0d2e0",
    },
    # holdout: GitHub-light-like slide
    "github-light": {
        "polarity": "light", "background": "#ffffff", "panel": "#f6f8fa", "plain": "#1f2328",
        "keyword": "#cf222e", "type": "#953800", "string": "#0a3069", "number": "#0550ae",
        "comment": "#6e7781", "function": "#8250df", "annotation": "#116329",
        "title": "#1f2328", "text": "#1f2328", "bullet": "#0969da", "caption": "#656d76",
    },
    # holdout: Monokai-like (a dark panel, or a whole dark slide)
    "monokai": {
        "polarity": "dark", "background": "#272822", "panel": "#272822", "plain": "#f8f8f2",
        "keyword": "#f92672", "type": "#66d9ef", "string": "#e6db74", "number": "#ae81ff",
        "comment": "#75715e", "function": "#a6e22e", "annotation": "#fd971f",
        "title": "#f8f8f2", "text": "#e8e8e2", "bullet": "#a6e22e", "caption": "#90908a",
    },
    # holdout: green phosphor terminal under tmux
    "green-on-black": {
        "polarity": "dark", "background": "#000000", "plain": "#33ff66", "user": "#66ff99",
        "path": "#22cc55", "dir": "#22cc55", "exec": "#aaffbb", "hash": "#ccff66", "ref": "#66ffcc",
        "ok": "#99ff99", "fail": "#ffcc33", "warn": "#ccff66", "dim": "#1f9f46",
        "status": "#1f9f46", "status_text": "#000000",
    },
}


HOLDOUT_EDITOR = EditorStyle("dracula", "fira-code", 18, 25, "noto-sans-mono", 14, tab_height=38,
                             status_height=26, activity_width=48, sidebar_width=260, indent_guides=True)


PY_SIDEBAR = ("EXPLORER", "SLIDES2MD", "  slides2md/", "    __init__.py", "    *cli.py", "    render.py",
              "  tests/", "    test_cli.py", "  pyproject.toml", "  README.md")

HOLDOUT_EDITOR_SCREENS = [
    Editor("python", src('''
        """Extract the slides of a talk as Markdown, one section per frame."""
        from __future__ import annotations

        import json
        import subprocess
        from pathlib import Path

        FRAMEGRAB = "framegrab"


        def grab(video: Path, seconds: float) -> dict:
            out = subprocess.run(
                [FRAMEGRAB, "--at", f"{seconds:.3f}", str(video)],
                check=True, capture_output=True, text=True,
            ).stdout
            return json.loads(out)


        def to_markdown(frame: dict) -> str:
            parts = [f"## {frame['frame']['timecode']}"]
            for region in frame["regions"]:
                if region["kind"] == "code":
                    lang = region.get("language", "")
                    parts.append(f"```{lang}\\n{region['text']}\\n```")
                else:
                    parts.append(region["text"])
            return "\\n\\n".join(parts)
        '''), first_line=1, cursor=(24, 34), tabs=("cli.py", "render.py", "test_cli.py"), active="cli.py",
        status_left=("main", "Python 3.12"), status_right=("Ln 24, Col 34", "Spaces: 4", "UTF-8", "LF", "Python"),
        sidebar=PY_SIDEBAR),
    Editor("swift", src("""
            /// Reads the frame a player shows at `time`, waiting for a busy decoder.
            public func frame(at time: MediaTime) async throws -> DecodedFrame {
                guard time >= .zero, time <= duration else {
                    throw GrabError.timeOutOfRange(time, duration: duration)
                }
                if let cached = cache[time.frameIndex(at: rate)] {
                    return cached
                }
                let keyframe = try index.keyframe(atOrBefore: time)
                try await decoder.seek(to: keyframe)

                var shown: DecodedFrame?
                while let frame = try await decoder.next() {
                    if frame.presentationTime > time { break }
                    shown = frame
                }
                guard let shown else {
                    throw GrabError.nothingDecoded(after: keyframe)
                }
                cache[time.frameIndex(at: rate)] = shown
                return shown
            }

            private var cache: [Int64: DecodedFrame] = [:]
        }
        """), first_line=57, cursor=(70, 27),
        tabs=("FrameGrabber.swift", "MediaTime.swift", "Decoder.swift"), active="FrameGrabber.swift",
        status_left=("main", "swift 6.0"), status_right=("Ln 70, Col 27", "Spaces: 4", "UTF-8", "LF", "Swift"),
        sidebar=("EXPLORER", "FRAMEGRAB", "  Sources/", "    FrameGrab/", "      Decoder.swift",
                 "      *FrameGrabber.swift", "      MediaTime.swift", "  Tests/", "  Package.swift")),
]

HOLDOUT_SLIDES = [
    Deck("github-light", (
        slide_title("Minimal API controllers", "dejavu-serif-bold", 40),
        CodeBlock("csharp", src("""
            [ApiController]
            [Route("api/[controller]")]
            public sealed class TalksController : ControllerBase
            {
                private readonly ITalkRepository _talks;

                public TalksController(ITalkRepository talks) => _talks = talks;

                [HttpGet("{id:int}")]
                public async Task<ActionResult<TalkDto>> Get(int id, CancellationToken ct)
                {
                    var talk = await _talks.FindAsync(id, ct);
                    return talk is null ? NotFound() : Ok(TalkDto.From(talk));
                }
            }
            """), "hack", 20),
    )),
    Deck("github-light", (
        slide_title("Keeping frames that settle", "dejavu-serif-bold", 40),
        CodeBlock("scala", src("""
            final case class Frame(time: Double, text: String)

            object Settle {
              /** Keeps the last frame of every run of identical text. */
              def settled(frames: Seq[Frame], minRun: Int = 3): Seq[Frame] =
                frames
                  .foldLeft(List.empty[List[Frame]]) {
                    case ((run @ (last :: _)) :: done, f) if last.text == f.text =>
                      (f :: run) :: done
                    case (runs, f) => List(f) :: runs
                  }
                  .filter(_.size >= minRun)
                  .map(_.head)
                  .reverse
            }
            """), "noto-sans-mono", 20, palette="monokai"),
    )),
    Deck("monokai", (
        slide_title("Searching every slide", "dejavu-serif-bold", 40),
        Text("SQLite FTS5 ranks matches with bm25 and cuts snippets for us.", "dejavu-serif", 24),
        CodeBlock("sql", src("""
            -- Talks whose slides mention a term, best matches first
            SELECT t.title,
                   s.start_seconds,
                   snippet(slides_fts, 0, '[', ']', '...', 12) AS excerpt
            FROM slides_fts
            JOIN slides AS s ON s.id = slides_fts.rowid
            JOIN talks AS t ON t.id = s.talk_id
            WHERE slides_fts MATCH 'actor NEAR/5 cache'
            ORDER BY bm25(slides_fts), s.start_seconds
            LIMIT 20;
            """), "noto-sans-mono", 20, palette="monokai"),
    )),
]

HOLDOUT_TERMINAL = [
    Terminal(src("""
        ops@prod-bastion:~$ kubectl get pods -n talks
        NAME                          READY   STATUS             RESTARTS      AGE
        api-7d9f8b6c5d-4kq2x          1/1     Running            0             3d2h
        api-7d9f8b6c5d-9wz7m          1/1     Running            0             3d2h
        indexer-5b7c9d8f6-lx2pn       0/1     CrashLoopBackOff   14 (2m ago)   51m
        web-6f8d7c9b4-h2k8s           1/1     Running            0             6h13m
        ops@prod-bastion:~$ kubectl logs indexer-5b7c9d8f6-lx2pn -n talks --tail=5
        2026-03-14T09:41:07Z INFO  starting indexer version=1.8.2 workers=4
        2026-03-14T09:41:07Z INFO  connected to postgres host=db.internal:5432
        2026-03-14T09:41:09Z WARN  slow scan path=/data/talks/2026-03-12 took=1.9s
        2026-03-14T09:41:12Z ERROR frame 18231: tesseract: failed to load language 'deu'
        2026-03-14T09:41:12Z ERROR exiting after 1 fatal error
        ops@prod-bastion:~$ df -h /data
        Filesystem      Size  Used Avail Use% Mounted on
        /dev/nvme1n1    500G  431G   69G  87% /data
        ops@prod-bastion:~$
        """), "inconsolata", 14, 18, "green-on-black",
        tmux=("[ops] 0:bash* 1:logs-", "prod-bastion 09:42 14-Mar-26")),
    Terminal(src("""
        ops@prod-bastion:~/talks-indexer$ make test
        go vet ./...
        go test -race -count=1 ./...
        ok      github.com/example/talks-indexer/internal/ocr      2.311s
        ok      github.com/example/talks-indexer/internal/store    0.914s
        --- FAIL: TestScanSkipsProtected (0.02s)
            scan_test.go:57: got 3 frames, want 0 (protected content must be skipped)
        FAIL
        FAIL    github.com/example/talks-indexer/internal/scan     0.188s
        ?       github.com/example/talks-indexer/cmd/indexer       [no test files]
        FAIL
        make: *** [Makefile:14: test] Error 1
        ops@prod-bastion:~/talks-indexer$ git diff --stat
         internal/scan/protect.go      | 14 +++++++++-----
         internal/scan/scan_test.go    |  9 +++++++++
         2 files changed, 18 insertions(+), 5 deletions(-)
        ops@prod-bastion:~/talks-indexer$
        """), "inconsolata", 14, 18, "green-on-black",
        tmux=("[ops] 0:bash* 1:logs-", "prod-bastion 09:44 14-Mar-26")),
]
