"""The "reading" split of scripts/make-real-cuts: issue 14's reading material, cut from real files
on the machine. This is the dev split of that path: look at it and tune against it (its sealed
twin is reading_sealed.py, which is not to be read).

  - underscores: underscore-dense stretches of C headers and Python's standard library
    (__dunder__, _private, snake_case, __attribute__ ((__nonnull__))) on code slides;
  - banners: stretches holding a line of one repeated symbol (#, =, -, *, /, ~) on code slides;
  - tracebacks: Python 3.11 tracebacks, with their ^^^^ rows, of real standard-library calls
    that raise, in a real xterm;
  - an editor with the terminal's 16 colours: nano with Debian's syntax colouring in a real xterm,
    on white and on a dark terminal, and vim as it comes (syntax on) and as people set it up
    (numbered; a cursor line and a coloured column), on black and on white, in small and large
    type;
  - captions: sentences of real text files burned in by ffmpeg's subtitles filter (libass) over
    moving pictures that are not text, boxed (BorderStyle=3) once and under a slide once;
  - slides filmed at an angle: 22 lines of a real file on a slide turned 1-3 degrees (both
    signs), narrowed at the top, blurred a little and noisy.

Fonts and palettes are the dev clips' (themes.py); what each frame shows is drawn by a
random.Random seeded with SEED.
"""

from ..model import CaptionClip, CutClip, CutSlide, SkewClip, SkewSlide, SourcePool, TerminalClip, TerminalCut, XtermStyle


NAME = "reading"
SEED = 1401
SEALED = False

BANNER = r"^\s*({})\1{{7,}}\s*$"


def banner(symbol):
    """A line of one symbol repeated, 8 or more, and nothing else but indentation."""
    return BANNER.format(symbol)


POOLS = {
    # underscores
    "c-underscore": SourcePool("c", (("/usr/include", "*.h"),), tab=8, anchor=r"_", density=0.6),
    "python-underscore": SourcePool("python", (("/usr/lib/python3.11", "*.py"),), tab=8, anchor=r"_", density=0.6),
    # banners
    "banner-hash": SourcePool("perl", (("/usr/share/perl/5.36", "**/*.pm"),), tab=8, anchor=banner("#")),
    "banner-equals": SourcePool("vim", (("/usr/share/vim/vim90/doc", "*.txt"),), tab=8, anchor=banner("=")),
    "banner-dash": SourcePool("python", (("/usr/lib/python3.11", "*.py"),), tab=8, anchor=banner("-")),
    "banner-star": SourcePool("c", (("/usr/include", "*.h"), ("/usr/include", "*/*.h")), tab=8,
                              anchor=banner(r"\*")),
    "banner-slash": SourcePool("c", (("/usr/include/unicode", "*.h"), ("/usr/include/valgrind", "*.h"),
                                     ("/usr/include/llvm-14/llvm/IR", "*.h")), tab=8, anchor=banner("/")),
    "banner-tilde": SourcePool("vim", (("/usr/share/vim/vim90/tutor", "tutor*"),), tab=8, anchor=banner("~")),
    # the editor's files
    "python": SourcePool("python", (("/usr/lib/python3.11", "*.py"),), tab=8),
    "c": SourcePool("c", (("/usr/include", "*.h"),), tab=8),
    "perl": SourcePool("perl", (("/usr/share/perl/5.36", "**/*.pm"),), tab=8),
    "shell": SourcePool("shell", (("/usr/bin", "*"),), tab=8, shebang=r"#!\s*/(usr/)?bin/(env\s+)?(ba|da)?sh\b"),
    # captions
    "licenses": SourcePool("text", (("/usr/share/common-licenses", "*"),), tab=8),
}
DIRECTORIES = {}

# Real standard-library calls that raise, each with a ^^^^ row in its traceback.
TRACEBACKS = (
    "import json; json.loads('[1, 2,')",
    "import ipaddress; ipaddress.ip_network('10.0.0.1/24')",
    "import tomllib; tomllib.loads('a = ')",
    "import datetime; datetime.datetime.strptime('2024-13-01', '%Y-%m-%d')",
    "import gzip; gzip.decompress(b'not gzip')",
    "import shlex; shlex.split(chr(39))",
    "import base64; base64.b64decode('abc')",
    "import string; string.Template('$').substitute()",
    "import plistlib; plistlib.loads(b'x')",
    "import wave; wave.open('/etc/passwd')",
)


def slide(layout, palette, font, size, *pools, **kwargs):
    return CutSlide(layout, palette, font, size, pools, **kwargs)


SLIDE_CLIPS = [
    CutClip("reading-underscores-1080p.mp4", 1920, 1080, (
        slide("full", "slide-dark", "dejavu-mono", 24, "c-underscore"),
        slide("full", "slide-light", "jetbrains-mono", 24, "python-underscore"),
        slide("beside", "solarized-dark", "liberation-mono", 22, "c-underscore"),
        slide("full", "solarized-light", "dejavu-mono", 24, "python-underscore"),
        slide("two", "slide-light", "liberation-mono", 18, "python-underscore", "c-underscore"),
        slide("full", "dark-modern", "jetbrains-mono", 22, "c-underscore"),
    )),
    CutClip("reading-banners-1080p.mp4", 1920, 1080, (
        slide("full", "slide-light", "dejavu-mono", 22, "banner-hash"),
        slide("full", "slide-dark", "jetbrains-mono", 22, "banner-equals"),
        slide("above", "solarized-light", "liberation-mono", 22, "banner-dash"),
        slide("full", "dark-modern", "dejavu-mono", 22, "banner-star"),
        slide("full", "slide-light", "liberation-mono", 20, "banner-slash"),
        slide("full", "solarized-dark", "jetbrains-mono", 22, "banner-tilde"),
    )),
    # The same kinds of rows smaller: 720p, other sizes, fonts and palettes.
    CutClip("reading-banners-720p.mp4", 1280, 720, (
        slide("full", "dark-modern", "jetbrains-mono", 14, "banner-hash"),
        slide("full", "solarized-light", "dejavu-mono", 15, "banner-equals"),
        slide("full", "slide-dark", "liberation-mono", 15, "banner-dash"),
        slide("above", "slide-light", "jetbrains-mono", 14, "banner-star"),
        slide("full", "solarized-dark", "dejavu-mono", 14, "banner-slash"),
        slide("full", "light-ide", "liberation-mono", 15, "banner-tilde"),
    )),
]


TERMINAL_CLIPS = [
    TerminalClip("reading-traceback-720p.mp4", XtermStyle((1280, 720), ("DejaVu Sans Mono", 13), (10, 22),
                                                          "#0c0c0c", "#d0d0d0", "#d0d0d0"), (
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
    )),
    # Tracebacks in xterm's own black on white, in larger type.
    TerminalClip("reading-traceback-light-1080p.mp4", XtermStyle((1920, 1080), ("Hack", 15), (12, 24),
                                                                 "#ffffff", "#000000", "#000000"), (
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
    )),
    # xterm's own colours: black on white, and its 16-colour palette for nano's syntax colouring.
    TerminalClip("reading-nano-1080p.mp4", XtermStyle((1920, 1080), ("JetBrains Mono", 16), (13, 29),
                                                      "#ffffff", "#000000", "#000000"), (
        TerminalCut("nano", "c"),
        TerminalCut("nano", "python"),
        TerminalCut("nano", "perl"),
        TerminalCut("nano", "shell"),
    )),
    # vim as it comes (syntax on, nothing else) in an xterm with reverse video: its light-background
    # colours (dark blue comments, red constants, magenta preprocessor lines) on black.
    TerminalClip("reading-vim-900p.mp4", XtermStyle((1600, 900), ("Liberation Mono", 14), (11, 22),
                                                    "#000000", "#ffffff", "#ffffff",
                                                    vimrc="set nocompatible background=light\nsyntax on\n"
                                                          "set nowrap laststatus=2 shortmess+=I\n"), (
        TerminalCut("vim", "c"),
        TerminalCut("vim", "python"),
        TerminalCut("vim", "perl"),
        TerminalCut("vim", "shell"),
    )),
    # xterm's own defaults (black on white) and vim's, at 720p in small type.
    TerminalClip("reading-vim-light-720p.mp4", XtermStyle((1280, 720), ("Hack", 11), (9, 18),
                                                          "#ffffff", "#000000", "#000000",
                                                          vimrc="set nocompatible\nsyntax on\nset nowrap laststatus=2 shortmess+=I\n"), (
        TerminalCut("vim", "python"),
        TerminalCut("vim", "c"),
        TerminalCut("vim", "shell"),
        TerminalCut("vim", "perl"),
    )),
    # nano's colours on a dark terminal, in large type.
    TerminalClip("reading-nano-dark-1080p.mp4", XtermStyle((1920, 1080), ("Inconsolata", 18), (12, 25),
                                                           "#101010", "#c8c8c8", "#c8c8c8"), (
        TerminalCut("nano", "perl"),
        TerminalCut("nano", "c"),
        TerminalCut("nano", "python"),
        TerminalCut("nano", "shell"),
    )),
    # vim numbered, its light-background colours on black.
    TerminalClip("reading-vim-numbered-900p.mp4", XtermStyle((1600, 900), ("Cousine", 13), (10, 21),
                                                             "#000000", "#e5e5e5", "#e5e5e5",
                                                             vimrc="set nocompatible background=light\nsyntax on\n"
                                                                   "set number nowrap laststatus=2 shortmess+=I\n"), (
        TerminalCut("vim", "shell"),
        TerminalCut("vim", "c"),
        TerminalCut("vim", "perl"),
        TerminalCut("vim", "python"),
    )),
    # vim as people set it up: a highlighted cursor line and a coloured column at 80.
    TerminalClip("reading-vim-columns-1080p.mp4", XtermStyle((1920, 1080), ("DejaVu Sans Mono", 15), (12, 24),
                                                             "#1e1e1e", "#dcdcdc", "#dcdcdc",
                                                             vimrc="set nocompatible background=dark\nsyntax on\n"
                                                                   "set number cursorline colorcolumn=80 nowrap laststatus=2 shortmess+=I\n"), (
        TerminalCut("vim", "python"),
        TerminalCut("vim", "c"),
        TerminalCut("vim", "perl"),
        TerminalCut("vim", "shell"),
    )),
    # vim in small type on black: C headers, mostly comments in its dark blue.
    TerminalClip("reading-vim-small-720p.mp4", XtermStyle((1280, 720), ("Fira Code", 9), (7, 16),
                                                          "#000000", "#d8d8d8", "#d8d8d8",
                                                          vimrc="set nocompatible background=light\nsyntax on\n"
                                                                "set nowrap laststatus=2 shortmess+=I\n"), (
        TerminalCut("vim", "c"),
        TerminalCut("vim", "c"),
        TerminalCut("vim", "c"),
        TerminalCut("vim", "c"),
    )),
]


CAPTION_CLIPS = [
    CaptionClip("reading-captions-fractal.mp4", 1280, 720,
                "mandelbrot=s=640x360:r={r}:end_pts=8:end_scale=0.5,scale={w}:{h}:flags=bicubic,noise=alls=14:allf=t:all_seed={seed},"
                "gblur=sigma=1.2",
                "licenses"),
    CaptionClip("reading-captions-boxed.mp4", 1920, 1080,
                "gradients=s={w}x{h}:r={r}:c0=0x2a4f7a:c1=0xd9b98a:c2=0x6a8a4a:n=3:speed=0.02:seed={seed},"
                "noise=alls=10:allf=t:all_seed={seed},gblur=sigma=2",
                "licenses", style="BorderStyle=3"),
    CaptionClip("reading-captions-slide.mp4", 1920, 1080, "slide", "licenses", cues=3, palette="slide-light"),
]


SKEW_CLIPS = [
    SkewClip("reading-skew-1080p.mp4", 1920, 1080, (
        SkewSlide("slide-light", "dejavu-mono", 26, "python", 1.6),
        SkewSlide("slide-dark", "jetbrains-mono", 25, "c", -2.4),
        SkewSlide("solarized-light", "liberation-mono", 26, "perl", 2.9),
        SkewSlide("dark-modern", "dejavu-mono", 25, "shell", -1.2),
    )),
]


MATERIAL = {
    "reading-underscores-1080p.mp4": "underscores",
    "reading-banners-1080p.mp4": "banners",
    "reading-traceback-720p.mp4": "traceback",
    "reading-banners-720p.mp4": "banners",
    "reading-traceback-light-1080p.mp4": "traceback",
    "reading-nano-1080p.mp4": "editor",
    "reading-vim-900p.mp4": "editor",
    "reading-vim-light-720p.mp4": "editor",
    "reading-nano-dark-1080p.mp4": "editor",
    "reading-vim-numbered-900p.mp4": "editor",
    "reading-vim-small-720p.mp4": "editor",
    "reading-vim-columns-1080p.mp4": "editor",
    "reading-captions-fractal.mp4": "captions",
    "reading-captions-boxed.mp4": "captions",
    "reading-captions-slide.mp4": "captions",
    "reading-skew-1080p.mp4": "skew",
}
