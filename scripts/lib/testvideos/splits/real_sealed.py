"""SEALED: the "real-sealed" split of scripts/make-real-cuts. Do not read this file, look at its
frames or its per-clip results, or tune framegrab on it in any way.

It is the held-out twin of real.py (excerpts cut at random lines from real source files, on
talk slides and in a real xterm), made with another seed from other directories, and with
fonts, colours and sizes the dev split does not have. It exists for one evaluation of
framegrab's layout before anything is tuned on it and, after tuning on the dev split only, for
a final one; scripts/bench-accuracy --split real-sealed prints its aggregate figures alone.
Whoever tunes framegrab must not open this module.
"""

from pathlib import Path

from ..model import CutClip, CutSlide, DirectoryPool, SourcePool, TerminalClip, TerminalCut, XtermStyle


NAME = "real-sealed"
SEED = 7919
SEALED = True       # make-real-cuts prints nothing of what it cut


POOLS = {
    "python": SourcePool("python", (("/usr/lib/python3.11", "*/*.py"), ("/usr/lib/python3.11", "*/*/*.py")), tab=8),
    "c": SourcePool("c", (("/usr/include/x86_64-linux-gnu", "libav*/*.h"), ("/usr/include/tesseract", "*.h"),
                          ("/usr/include", "sqlite3.h"), ("/opt/swift/usr/lib/swift/CoreFoundation", "*.h")), tab=8),
    "cpp": SourcePool("cpp", (("/usr/include/c++/12/ext/pb_ds", "**/*.hpp"),), tab=8),
    "shell": SourcePool("shell", (("/usr/sbin", "*"), ("/usr/lib/git-core", "*")), tab=8,
                        shebang=r"#!\s*/(usr/)?bin/(env\s+)?(ba|da)?sh\b"),
    "perl": SourcePool("perl", (("/usr/share/perl5", "**/*.pm"),), tab=8),
    "swift": SourcePool("swift", (("/opt/swift/usr/lib/swift/host",
                                   "*.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"),), tab=4),
    "go": SourcePool("go", (("/usr/share/doc/git/contrib/persistent-https", "*.go"),), tab=4, fallback="c"),
    "tcl": SourcePool("tcl", (("/usr/share/tcltk/tk8.6", "*.tcl"),), tab=8, fallback="perl"),
    # Node's own npm where NodeSource's nodejs put it (Debian's puts none there)
    "javascript": SourcePool("javascript", (("/usr/lib/node_modules/npm/node_modules", "*/lib/*.js"),), tab=4,
                             fallback="python"),
    "vim": SourcePool("vim", (("/usr/share/vim/vim90/autoload", "*.vim"),), tab=8),
}
DIRECTORIES = {
    "perl": DirectoryPool((("/usr/share/perl5", "*/*/"),)),
    "toolchain": DirectoryPool((("/opt/swift/usr/lib/swift", "*/"),)),
}


# Fonts and palettes only this split uses; themes.SCREEN_FONTS and themes.PALETTES take them in.
SCREEN_FONTS = {
    "cuts-go-mono": (Path("/usr/share/fonts/fonts-go/Go-Mono.ttf"), "Go Mono", True),
    "cuts-cousine": (Path("/usr/share/fonts/truetype/croscore/Cousine-Regular.ttf"), "Cousine", True),
    "cuts-mononoki": (Path("/usr/share/fonts/truetype/mononoki/mononoki-Regular.ttf"), "mononoki", True),
    "cuts-fantasque": (Path("/usr/share/fonts/truetype/fantasque-sans/Normal/TTF/FantasqueSansMono-Regular.ttf"),
                       "Fantasque Sans Mono", True),
    "cuts-lato": (Path("/usr/share/fonts/truetype/lato/Lato-Regular.ttf"), "Lato", False),
    "cuts-lato-bold": (Path("/usr/share/fonts/truetype/lato/Lato-Bold.ttf"), "Lato Bold", False),
    "cuts-open-sans": (Path("/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf"), "Open Sans", False),
    "cuts-open-sans-bold": (Path("/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf"), "Open Sans Bold", False),
}
PALETTES = {
    "cuts-paper": {
        "polarity": "light", "background": "#f4efe6", "panel": "#e6dccb", "plain": "#3b3024", "keyword": "#8a3b12",
        "type": "#5a4a00", "string": "#2f6b2f", "number": "#7a2e7a", "comment": "#8c7f6a", "function": "#1f4e79",
        "annotation": "#9c3f00", "title": "#2b2118", "text": "#3b3024", "bullet": "#8a3b12",
    },
    "cuts-midnight": {
        "polarity": "dark", "background": "#0d1526", "panel": "#17233d", "plain": "#c8d3e6", "keyword": "#ff9e64",
        "type": "#7dcfff", "string": "#9ece6a", "number": "#e0af68", "comment": "#5c6b8a", "function": "#7aa2f7",
        "annotation": "#bb9af7", "title": "#e6edf7", "text": "#c8d3e6", "bullet": "#ff9e64",
    },
    "cuts-contrast": {
        "polarity": "light", "background": "#ffffff", "panel": "#efefef", "plain": "#000000", "keyword": "#0000cc",
        "type": "#006666", "string": "#aa0000", "number": "#660099", "comment": "#707070", "function": "#000000",
        "annotation": "#884400", "title": "#000000", "text": "#111111", "bullet": "#0000cc",
    },
    "cuts-teal": {
        "polarity": "dark", "background": "#0f2424", "panel": "#183838", "plain": "#d8e8e0", "keyword": "#f0c674",
        "type": "#8fd1c7", "string": "#e6a57e", "number": "#c6a0f6", "comment": "#6f8f88", "function": "#a6e3a1",
        "annotation": "#f5a97f", "title": "#ffffff", "text": "#cfe3dc", "bullet": "#f0c674",
    },
}


def slide(layout, palette, font, size, *pools, **kwargs):
    kwargs.setdefault("text_font", "cuts-lato")
    kwargs.setdefault("title_font", "cuts-lato-bold")
    return CutSlide(layout, palette, font, size, pools, **kwargs)


SLIDE_CLIPS = [
    CutClip("cuts-1.mp4", 1600, 900, (
        slide("full", "cuts-midnight", "cuts-go-mono", 20, "python"),
        slide("beside", "cuts-paper", "cuts-cousine", 19, "c"),
        slide("two", "cuts-teal", "cuts-mononoki", 16, "shell", "tcl"),
        slide("camera", "cuts-contrast", "cuts-fantasque", 21, "perl", text_font="cuts-open-sans",
              title_font="cuts-open-sans-bold"),
        slide("above", "slide-dark", "cuts-go-mono", 19, "swift", panel_palette="cuts-paper"),
    ), crf=23),
    CutClip("cuts-2.mp4", 2560, 1440, (
        slide("beside-right", "cuts-midnight", "cuts-cousine", 30, "cpp"),
        slide("full", "cuts-paper", "cuts-mononoki", 32, "javascript"),
        slide("camera", "cuts-teal", "cuts-go-mono", 30, "python"),
        slide("two", "cuts-contrast", "cuts-fantasque", 28, "c", "go"),
    )),
    CutClip("cuts-3.mp4", 3840, 2160, (
        slide("above", "cuts-contrast", "cuts-mononoki", 44, "perl", text_font="cuts-open-sans",
              title_font="cuts-open-sans-bold"),
        slide("full", "cuts-midnight", "cuts-fantasque", 50, "vim"),
    ), crf=24),
    CutClip("cuts-4.mp4", 720, 1280, (
        slide("camera", "cuts-paper", "cuts-cousine", 15, "c"),
    )),
    CutClip("cuts-5.mp4", 1280, 720, (
        slide("full", "cuts-teal", "cuts-cousine", 15, "shell"),
        slide("beside", "cuts-contrast", "cuts-go-mono", 14, "python"),
        slide("camera", "cuts-paper", "cuts-mononoki", 15, "swift"),
    ), content=(160, 0, 960, 720), crf=24),
    CutClip("cuts-6.mp4", 1280, 720, (
        slide("full", "cuts-paper", "cuts-fantasque", 18, "python"),
        slide("two", "cuts-midnight", "cuts-cousine", 13, "perl", "c"),
        slide("above", "cuts-teal", "cuts-go-mono", 16, "cpp"),
    ), storage="anamorphic"),
    CutClip("cuts-7.mp4", 1366, 768, (
        slide("beside", "cuts-midnight", "cuts-mononoki", 17, "javascript", text_font="cuts-open-sans",
              title_font="cuts-open-sans-bold"),
        slide("full", "cuts-contrast", "cuts-cousine", 18, "tcl", spacing=1.45),
    ), crf=26),
]


TERMINAL_CLIPS = [
    TerminalClip("cuts-8.mp4", XtermStyle((1600, 900), ("Go Mono", 14), (11, 22), "#101a2a", "#d6dde8", "#f0c674",
                                          prompt="ops@build-7:~$ "), (
        TerminalCut("ls", "perl"),
        TerminalCut("sed", "python"),
        TerminalCut("less", "c", numbered=True),
        TerminalCut("vim", "perl"),
        TerminalCut("sed", "go"),
    ), crf=24),
    TerminalClip("cuts-9.mp4", XtermStyle(
        (1366, 768), ("Cousine", 15), (12, 24), "#fdf6e3", "#403830", "#b05000", prompt="me@laptop:~$ ",
        vimrc="set nocompatible\nset background=light\nsyntax on\n"
              "set nonumber nowrap laststatus=2 noruler noshowcmd shortmess+=I\n"), (
        TerminalCut("ls", "toolchain", colour=True),
        TerminalCut("sed", "tcl"),
        TerminalCut("less", "cpp"),
        TerminalCut("vim", "python"),
    )),
]
