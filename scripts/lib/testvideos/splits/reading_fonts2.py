"""The "reading-fonts2" split of scripts/make-real-cuts: issue 14's symbol rows again (banners of
#, =, -, *, /, ~ on code slides, in vim and in less; tracebacks with their ^^^^ rows in a real
xterm) in eight monospace fonts neither reading nor reading-fonts uses on its slides (Inconsolata,
mononoki, PT Mono, Hermit, League Mono, Agave, IBM 3270, Courier Prime Code), in other themes, at
720p to 1080p. A third dev split: look at it and tune against it. The reading split's pools and
tracebacks, drawn with another seed.
"""
from ..model import CutClip, TerminalClip, TerminalCut, XtermStyle
from .reading import POOLS, DIRECTORIES, TRACEBACKS  # noqa: F401  (the pools this split cuts from)
from .reading_fonts import KINDS, banner_slides

NAME = "reading-fonts2"
SEED = 90417
SEALED = False

SLIDE_CLIPS = [
    CutClip("reading-fonts2-banners-a-1080p.mp4", 1920, 1080, banner_slides(KINDS, (
            ("full", "dracula", "inconsolata", 22), ("beside", "one-light", "mononoki", 18),
            ("full", "gruvbox-light", "pt-mono", 20), ("full", "nord", "hermit", 18),
            ("above", "monokai", "league-mono", 18), ("full", "sepia", "courier-prime-code", 22)))),
    CutClip("reading-fonts2-banners-b-1080p.mp4", 1920, 1080, banner_slides(KINDS[:4] + ("banner-hash", "banner-tilde"), (
            ("above", "horizon", "mononoki", 18), ("full", "github-light", "inconsolata", 20),
            ("beside", "everforest-light", "pt-mono", 18), ("full", "ayu-light", "agave", 20),
            ("full", "tokyo-night", "ibm-3270", 22), ("full", "latte", "hermit", 16)))),
    CutClip("reading-fonts2-banners-720p.mp4", 1280, 720, banner_slides(KINDS[:4] + ("banner-star", "banner-tilde"), (
            ("full", "one-light", "league-mono", 13), ("full", "monokai", "pt-mono", 14),
            ("full", "gruvbox-dark", "inconsolata", 15), ("full", "quiet-light", "mononoki", 14),
            ("above", "night-owl", "hermit", 13), ("full", "oceanic-next", "agave", 15)))),
    CutClip("reading-fonts2-banners-c-900p.mp4", 1600, 900, banner_slides(("banner-tilde", "banner-star", "banner-dash", "banner-equals", "banner-hash", "banner-slash"), (
            ("full", "nord", "pt-mono", 17), ("camera", "one-dark", "inconsolata", 18),
            ("above", "papercolor-light", "courier-prime-code", 18), ("full", "kanagawa", "mononoki", 16),
            ("full", "xcode-light", "league-mono", 16), ("beside", "palenight", "agave", 18)))),
]
TERMINAL_CLIPS = [
    TerminalClip("reading-fonts2-traceback-900p.mp4", XtermStyle((1600, 900), ("Cousine", 13), (10, 21),
                                                         "#002b36", "#93a1a1", "#93a1a1"), (
        TerminalCut("traceback", "python"), TerminalCut("traceback", "python"), TerminalCut("traceback", "python"))),
    TerminalClip("reading-fonts2-less-banners-720p.mp4", XtermStyle((1280, 720), ("DejaVu Sans Mono", 13), (10, 22),
                                                           "#fafafa", "#383a42", "#383a42"), (
        TerminalCut("less", "banner-star"), TerminalCut("less", "banner-equals"), TerminalCut("less", "banner-tilde"),
        TerminalCut("less", "banner-hash"))),
    TerminalClip("reading-fonts2-vim-banners-1080p.mp4", XtermStyle((1920, 1080), ("Inconsolata", 18), (12, 25),
                                                           "#101010", "#c8c8c8", "#c8c8c8",
                                                           vimrc="set nocompatible\nsyntax on\nset nowrap laststatus=2 shortmess+=I\n"), (
        TerminalCut("vim", "banner-dash"), TerminalCut("vim", "banner-star"), TerminalCut("vim", "banner-hash"),
        TerminalCut("vim", "banner-equals"))),
]
CAPTION_CLIPS = []
SKEW_CLIPS = []
MATERIAL = {c.file: ("traceback" if "traceback" in c.file else "banners") for c in SLIDE_CLIPS + TERMINAL_CLIPS}
