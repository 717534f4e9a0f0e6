"""SEALED: do not read. The "reading-sealed" split of scripts/make-real-cuts, the sealed twin of
reading.py (issue 14's reading material): made like the dev split with another seed, other
source directories and other fonts, colours and sizes. It is for one evaluation on material
nobody tuned on; scripts/bench-accuracy --split reading-sealed prints only its aggregates.
Do not open this file while working on framegrab's reading.
"""

from pathlib import Path

from ..model import CaptionClip, CutClip, CutSlide, SkewClip, SkewSlide, SourcePool, TerminalClip, TerminalCut, XtermStyle


NAME = "reading-sealed"
SEED = 7219
SEALED = True

BANNER = r"^\s*({})\1{{7,}}\s*$"


def banner(symbol):
    return BANNER.format(symbol)


# Keys of its own, taken into themes.py's tables (as real_sealed.py's are).
SCREEN_FONTS = {
    "r14s-hack": (Path("/usr/share/fonts/truetype/hack/Hack-Regular.ttf"), "Hack", True),
    "r14s-noto-mono": (Path("/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf"), "Noto Mono", True),
    "r14s-cousine": (Path("/usr/share/fonts/truetype/croscore/Cousine-Regular.ttf"), "Cousine", True),
}
PALETTES = {
    "r14s-paper": {
        "polarity": "light", "background": "#f4f1ea", "panel": "#e6e1d6", "plain": "#2b2b2b",
        "keyword": "#7a1f6e", "type": "#1d5f7a", "string": "#8a4b08", "number": "#2f6f2f",
        "comment": "#6e6e6e", "function": "#3b3bb0", "annotation": "#9a3412",
        "title": "#1a1a1a", "text": "#2b2b2b", "bullet": "#7a1f6e", "caption": "#5a5a5a",
    },
    "r14s-night": {
        "polarity": "dark", "background": "#14181f", "panel": "#1d232d", "plain": "#c9d1d9",
        "keyword": "#ff7b72", "type": "#79c0ff", "string": "#a5d6ff", "number": "#79c0ff",
        "comment": "#8b949e", "function": "#d2a8ff", "annotation": "#ffa657",
        "title": "#f0f6fc", "text": "#c9d1d9", "bullet": "#ff7b72", "caption": "#8b949e",
    },
}

POOLS = {
    "c-underscore": SourcePool("c", (("/usr/include/x86_64-linux-gnu/bits", "*.h"), ("/usr/include/linux", "*.h")),
                               tab=8, anchor=r"_", density=0.6),
    "python-underscore": SourcePool("python", (("/usr/lib/python3.11", "*/*.py"),), tab=8, anchor=r"_", density=0.6),
    "banner-hash": SourcePool("perl", (("/usr/lib/x86_64-linux-gnu/perl/5.36", "**/*.pm"),), tab=8, anchor=banner("#"),
                              fallback="banner-hash-shell"),
    "banner-hash-shell": SourcePool("shell", (("/usr/bin", "*"),), tab=8, anchor=banner("#")),
    "banner-equals": SourcePool("shell", (("/usr/share/doc", "*/*"),), tab=8, anchor=banner("=")),
    "banner-dash": SourcePool("shell", (("/usr/share/doc", "*/*"),), tab=8, anchor=banner("-")),
    "banner-star": SourcePool("shell", (("/usr/share/doc", "*/*"),), tab=8, anchor=banner(r"\*")),
    "banner-slash": SourcePool("c", (("/usr/share/X11/xkb/symbols", "*"), ("/usr/share/X11/xkb/symbols", "*/*")),
                               tab=8, anchor=banner("/")),
    "banner-tilde": SourcePool("c", (("/usr/include/valgrind", "*.h"), ("/usr/share/doc/util-linux", "*")), tab=8,
                               anchor=banner("~")),
    "python": SourcePool("python", (("/usr/lib/python3.11", "*/*.py"),), tab=8),
    "c": SourcePool("c", (("/usr/include/x86_64-linux-gnu/bits", "*.h"),), tab=8),
    "perl": SourcePool("perl", (("/usr/lib/x86_64-linux-gnu/perl/5.36", "**/*.pm"),), tab=8),
    "tcl": SourcePool("tcl", (("/usr/share/tcltk/tk8.6", "*.tcl"),), tab=8, fallback="python"),
    "readmes": SourcePool("text", (("/usr/share/doc", "*/README"), ("/usr/share/doc", "*/README.Debian")), tab=8),
}
DIRECTORIES = {}

TRACEBACKS = (
    "import plistlib; plistlib.loads(b'nope')",
    "import textwrap; textwrap.fill('word', width=0)",
    "import wave; wave.open('/etc/hostname')",
    "import locale; locale.setlocale(locale.LC_ALL, 'xx_XX')",
    "import pathlib; pathlib.Path('/nonexistent/x').read_text()",
    "import subprocess; subprocess.run(['/nonexistent'])",
    "import getopt; getopt.getopt(['-x'], 'a')",
    "import shutil; shutil.copy('/nonexistent', '/tmp')",
)


def slide(layout, palette, font, size, *pools, **kwargs):
    return CutSlide(layout, palette, font, size, pools, **kwargs)


SLIDE_CLIPS = [
    CutClip("sealed-u.mp4", 1920, 1080, (
        slide("full", "r14s-night", "r14s-hack", 23, "c-underscore"),
        slide("full", "r14s-paper", "r14s-noto-mono", 23, "python-underscore"),
        slide("beside", "r14s-paper", "r14s-cousine", 21, "c-underscore"),
        slide("full", "r14s-night", "r14s-cousine", 23, "python-underscore"),
        slide("two", "r14s-night", "r14s-noto-mono", 17, "c-underscore", "python-underscore"),
    )),
    CutClip("sealed-b.mp4", 1280, 720, (
        slide("full", "r14s-paper", "r14s-hack", 15, "banner-hash"),
        slide("full", "r14s-night", "r14s-noto-mono", 15, "banner-equals"),
        slide("full", "r14s-paper", "r14s-cousine", 15, "banner-dash"),
        slide("full", "r14s-night", "r14s-hack", 15, "banner-star"),
        slide("full", "r14s-paper", "r14s-noto-mono", 14, "banner-slash"),
        slide("full", "r14s-night", "r14s-cousine", 15, "banner-tilde"),
    )),
]

TERMINAL_CLIPS = [
    TerminalClip("sealed-t.mp4", XtermStyle((1920, 1080), ("Hack", 14), (11, 23), "#fdfdf6", "#1a1a1a", "#1a1a1a",
                                            prompt="user@host:~$ "), (
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
        TerminalCut("traceback", "python"),
    )),
    TerminalClip("sealed-e.mp4", XtermStyle((1280, 720), ("Noto Mono", 12), (10, 19), "#000000", "#e5e5e5", "#e5e5e5",
                                            prompt="user@host:~$ "), (
        TerminalCut("nano", "tcl"),
        TerminalCut("nano", "python"),
        TerminalCut("nano", "perl"),
        TerminalCut("nano", "c"),
    )),
]

CAPTION_CLIPS = [
    CaptionClip("sealed-c1.mp4", 1920, 1080,
                "life=s=240x135:r={r}:seed={seed}:mold=10:life_color=#a0c060:death_color=#402020:mold_color=#204060,"
                "scale={w}:{h}:flags=bicubic,gblur=sigma=3,noise=alls=12:allf=t:all_seed={seed}",
                "readmes", style="FontName=DejaVu Sans,Fontsize=20"),
    CaptionClip("sealed-c2.mp4", 1280, 720,
                "testsrc2=s={w}x{h}:r={r},gblur=sigma=5,noise=alls=16:allf=t:all_seed={seed}",
                "readmes", style="BorderStyle=3,FontName=Liberation Sans,Fontsize=18,PrimaryColour=&H0000FFFF"),
    CaptionClip("sealed-c3.mp4", 1280, 720, "slide", "readmes", cues=3, palette="r14s-night", style="Fontsize=18"),
]

SKEW_CLIPS = [
    SkewClip("sealed-s.mp4", 1920, 1080, (
        SkewSlide("r14s-paper", "r14s-hack", 25, "python", -1.4),
        SkewSlide("r14s-night", "r14s-cousine", 26, "tcl", 2.2),
        SkewSlide("r14s-paper", "r14s-noto-mono", 25, "perl", -2.8),
        SkewSlide("r14s-night", "r14s-hack", 25, "c", 1.1),
    )),
]

MATERIAL = {
    "sealed-u.mp4": "underscores",
    "sealed-b.mp4": "banners",
    "sealed-t.mp4": "traceback",
    "sealed-e.mp4": "editor",
    "sealed-c1.mp4": "captions",
    "sealed-c2.mp4": "captions",
    "sealed-c3.mp4": "captions",
    "sealed-s.mp4": "skew",
}
