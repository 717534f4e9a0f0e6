"""The "reading-fonts" split of scripts/make-real-cuts: issue 14's symbol rows (banners of
#, =, -, *, /, ~ on code slides, in vim and in less; tracebacks with their ^^^^ rows in a real
xterm) in monospace fonts the reading split does not use (Fira Code, Hack, Cousine, Go Mono,
Noto Sans Mono, Fantasque Sans Mono, Anonymous Pro), at 720p to 1080p. A second dev split:
look at it and tune against it. The reading split's pools and tracebacks, drawn with another
seed.
"""

from pathlib import Path

from ..model import CutClip, CutSlide, TerminalClip, TerminalCut, XtermStyle
from .reading import POOLS, DIRECTORIES, TRACEBACKS  # noqa: F401  (the pools this split cuts from)


# Fonts only this split's slides use; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "rf-fira-code": (Path("/usr/share/fonts/truetype/firacode/FiraCode-Regular.ttf"), "Fira Code", True),
    "rf-hack": (Path("/usr/share/fonts/truetype/hack/Hack-Regular.ttf"), "Hack", True),
    "rf-cousine": (Path("/usr/share/fonts/truetype/croscore/Cousine-Regular.ttf"), "Cousine", True),
    "rf-go-mono": (Path("/usr/share/fonts/fonts-go/Go-Mono.ttf"), "Go Mono", True),
    "rf-noto-mono": (Path("/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf"), "Noto Sans Mono", True),
    "rf-fantasque": (Path("/usr/share/fonts/truetype/fantasque-sans/Normal/TTF/FantasqueSansMono-Regular.ttf"),
                     "Fantasque Sans Mono", True),
    "rf-anonymous-pro": (Path("/usr/share/fonts/truetype/anonymous-pro/Anonymous Pro.ttf"), "Anonymous Pro", True),
}

NAME = "reading-fonts"
SEED = 7731
SEALED = False


def slide(layout, palette, font, size, *pools, **kwargs):
    return CutSlide(layout, palette, font, size, pools, **kwargs)


def banner_slides(kinds, styles):
    """A slide of each banner kind, each in its (layout, palette, font, size)."""
    return tuple(slide(layout, palette, font, size, kind) for kind, (layout, palette, font, size) in zip(kinds, styles))


KINDS = ("banner-hash", "banner-equals", "banner-dash", "banner-star", "banner-slash", "banner-tilde")
SLIDE_CLIPS = [
    CutClip("reading-fonts-banners-a-1080p.mp4", 1920, 1080, banner_slides(KINDS, (
            ("full", "solarized-dark", "rf-fira-code", 20), ("beside", "slide-light", "rf-hack", 18),
            ("full", "light-ide", "rf-cousine", 22), ("full", "slide-dark", "rf-go-mono", 20),
            ("above", "dark-modern", "rf-noto-mono", 18), ("full", "slide-light", "rf-fantasque", 22)))),
    CutClip("reading-fonts-banners-b-1080p.mp4", 1920, 1080, banner_slides(KINDS, (
            ("above", "light-ide", "rf-go-mono", 18), ("full", "dark-modern", "rf-fantasque", 20),
            ("beside", "solarized-light", "rf-anonymous-pro", 20), ("full", "slide-light", "rf-cousine", 18),
            ("full", "slide-dark", "rf-fira-code", 22), ("full", "solarized-dark", "rf-hack", 16)))),
    CutClip("reading-fonts-banners-720p.mp4", 1280, 720, banner_slides(KINDS, (
            ("full", "slide-light", "rf-noto-mono", 13), ("full", "dark-modern", "rf-go-mono", 14),
            ("full", "light-ide", "rf-fira-code", 14), ("full", "solarized-dark", "rf-cousine", 15),
            ("above", "slide-light", "rf-hack", 13), ("full", "slide-dark", "rf-anonymous-pro", 15)))),
]

SLIDE_CLIPS += [
    CutClip("reading-fonts-banners-c-1080p.mp4", 1920, 1080, banner_slides(("banner-hash", "banner-equals", "banner-dash", "banner-star", "banner-tilde", "banner-dash"), (
            ("camera", "dark-modern", "rf-anonymous-pro", 24), ("beside-right", "solarized-light", "rf-noto-mono", 20),
            ("full", "slide-dark", "rf-fantasque", 26), ("camera", "light-ide", "rf-go-mono", 22),
            ("full", "solarized-light", "rf-cousine", 24), ("above", "dark-modern", "rf-fira-code", 24)))),
    CutClip("reading-fonts-banners-d-900p.mp4", 1600, 900, banner_slides(("banner-tilde", "banner-star", "banner-dash", "banner-equals", "banner-hash", "banner-star"), (
            ("full", "light-ide", "rf-hack", 17), ("full", "solarized-dark", "rf-noto-mono", 16),
            ("above", "slide-dark", "rf-go-mono", 18), ("full", "slide-light", "rf-anonymous-pro", 18),
            ("full", "dark-modern", "rf-cousine", 16), ("beside", "solarized-light", "rf-fantasque", 17)))),
]

TERMINAL_CLIPS = [
    TerminalClip("reading-fonts-traceback-go-900p.mp4", XtermStyle((1600, 900), ("Go Mono", 12), (10, 20),
                                                           "#1d1f21", "#c5c8c6", "#c5c8c6"), (
        TerminalCut("traceback", "python"), TerminalCut("traceback", "python"), TerminalCut("traceback", "python"))),
    TerminalClip("reading-fonts-traceback-fira-light-1080p.mp4", XtermStyle((1920, 1080), ("Fira Code", 13), (11, 22),
                                                                   "#fdf6e3", "#586e75", "#586e75"), (
        TerminalCut("traceback", "python"), TerminalCut("traceback", "python"), TerminalCut("traceback", "python"))),
    TerminalClip("reading-fonts-less-banners-1080p.mp4", XtermStyle((1920, 1080), ("Cousine", 14), (11, 22),
                                                           "#000000", "#bbbbbb", "#bbbbbb"), (
        TerminalCut("less", "banner-hash"), TerminalCut("less", "banner-equals"), TerminalCut("less", "banner-star"),
        TerminalCut("less", "banner-dash"))),
    TerminalClip("reading-fonts-vim-banners-900p.mp4", XtermStyle((1600, 900), ("Noto Sans Mono", 11), (10, 21),
                                                         "#ffffff", "#000000", "#000000",
                                                         vimrc="set nocompatible\nsyntax on\nset nowrap laststatus=2 shortmess+=I\n"), (
        TerminalCut("vim", "banner-hash"), TerminalCut("vim", "banner-equals"), TerminalCut("vim", "banner-tilde"),
        TerminalCut("vim", "banner-star"))),
    TerminalClip("reading-fonts-traceback-anon-720p.mp4", XtermStyle((1280, 720), ("Anonymous Pro", 11), (8, 15),
                                                            "#282828", "#ebdbb2", "#ebdbb2"), (
        TerminalCut("traceback", "python"), TerminalCut("traceback", "python"), TerminalCut("traceback", "python"))),
]
CAPTION_CLIPS = []
SKEW_CLIPS = []
MATERIAL = {c.file: ("traceback" if "traceback" in c.file else "banners") for c in SLIDE_CLIPS + TERMINAL_CLIPS}
