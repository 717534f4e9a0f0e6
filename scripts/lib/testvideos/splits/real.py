"""The "real" split of scripts/make-real-cuts: excerpts cut at random lines from real source files
on the machine, on talk slides and in a real xterm. This is the dev split of that path: look at
it and tune against it (its sealed twin is real_sealed.py, which is not to be read).

What is fixed here is the shape of each frame (size, layout, theme, font); what each shows is
drawn by a random.Random seeded with SEED from the pools' files, so it is the same on the same
machine with the same packages. Fonts and palettes are the dev clips' (themes.py).
"""

from ..model import CutClip, CutSlide, DirectoryPool, SourcePool, TerminalClip, TerminalCut, XtermStyle


NAME = "real"
SEED = 1301
SEALED = False


# Where excerpts come from: Debian 12's own sources and the Swift toolchain's. The sealed split
# cuts from other directories of the same kinds.
POOLS = {
    "python": SourcePool("python", (("/usr/lib/python3.11", "*.py"),), tab=8),
    "c": SourcePool("c", (("/usr/include", "*.h"), ("/usr/include/x86_64-linux-gnu/sys", "*.h")), tab=8),
    "cpp": SourcePool("cpp", (("/usr/include/c++/12/bits", "*.h"), ("/usr/include/c++/12/bits", "*.tcc")), tab=8),
    "shell": SourcePool("shell", (("/usr/bin", "*"),), tab=8,
                        shebang=r"#!\s*/(usr/)?bin/(env\s+)?(ba|da)?sh\b"),
    "perl": SourcePool("perl", (("/usr/share/perl/5.36", "**/*.pm"),), tab=8),
    "swift": SourcePool("swift", (("/opt/swift/usr/lib/swift/linux",
                                   "*.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"),), tab=4),
    "lua": SourcePool("lua", (("/usr/share/doc/mpv/examples/lua", "*.lua"),), tab=4, fallback="perl"),
    "javascript": SourcePool("javascript", (("/usr/share/javascript", "*/*.js"), ("/usr/share/javascript", "*/*/*.js")),
                             tab=4, fallback="python"),
    "vim": SourcePool("vim", (("/usr/share/vim/vim90/ftplugin", "*.vim"),), tab=8),
}
# Directories for ls -la, two levels into a package's own tree: the listing shows the parent's
# time too (..), and a directory many packages share changes whenever one of them is installed.
DIRECTORIES = {
    "perl": DirectoryPool((("/usr/share/perl/5.36", "*/*"),)),
    "python": DirectoryPool((("/usr/lib/python3.11", "*/*/"),)),
}


def slide(layout, palette, font, size, *pools, **kwargs):
    return CutSlide(layout, palette, font, size, pools, **kwargs)


SLIDE_CLIPS = [
    CutClip("real-720p.mp4", 1280, 720, (
        slide("full", "slide-dark", "dejavu-mono", 18, "python"),
        slide("beside", "slide-light", "dejavu-mono", 16, "c"),
        slide("above", "solarized-light", "jetbrains-mono", 16, "shell"),
        slide("two", "slide-dark", "liberation-mono", 14, "perl", "lua"),
        slide("camera", "slide-light", "jetbrains-mono", 16, "swift"),
        slide("full", "solarized-dark", "liberation-mono", 17, "cpp"),
    )),
    CutClip("real-1080p.mp4", 1920, 1080, (
        slide("full", "slide-light", "jetbrains-mono", 24, "c"),
        slide("beside-right", "slide-dark", "dejavu-mono", 24, "python"),
        slide("camera", "dark-modern", "dejavu-mono", 22, "javascript"),
        slide("two", "solarized-light", "jetbrains-mono", 20, "python", "c"),
        slide("above", "slide-dark", "liberation-mono", 24, "perl", panel_palette="slide-light"),
        slide("full", "solarized-dark", "dejavu-mono", 26, "vim"),
        slide("beside", "slide-light", "liberation-mono", 22, "swift", spacing=1.25),
    )),
    CutClip("real-4k.mp4", 3840, 2160, (
        slide("full", "slide-dark", "jetbrains-mono", 48, "python"),
        slide("beside", "solarized-light", "dejavu-mono", 44, "shell"),
        slide("camera", "slide-light", "liberation-mono", 46, "c"),
    ), crf=22),
    CutClip("real-portrait.mp4", 1080, 1920, (
        slide("above", "slide-dark", "dejavu-mono", 22, "python"),
        slide("camera", "solarized-light", "jetbrains-mono", 22, "cpp"),
    )),
    CutClip("real-pillarbox.mp4", 1920, 1080, (
        slide("full", "slide-light", "dejavu-mono", 22, "perl"),
        slide("beside", "slide-dark", "jetbrains-mono", 20, "c"),
        slide("camera", "solarized-dark", "liberation-mono", 22, "python"),
    ), content=(240, 0, 1440, 1080)),
    CutClip("real-anamorphic.mp4", 1920, 1080, (
        slide("full", "slide-dark", "jetbrains-mono", 24, "shell"),
        slide("above", "slide-light", "dejavu-mono", 24, "swift"),
        slide("two", "solarized-light", "liberation-mono", 20, "c", "python"),
    ), storage="anamorphic"),
]


TERMINAL_CLIPS = [
    TerminalClip("real-xterm-720p.mp4", XtermStyle((1280, 720), ("DejaVu Sans Mono", 13), (10, 22),
                                                   "#0c0c0c", "#d0d0d0", "#d0d0d0"), (
        TerminalCut("ls", "perl"),
        TerminalCut("sed", "python"),
        TerminalCut("less", "c", numbered=True),
        TerminalCut("vim", "python"),
        TerminalCut("sed", "perl"),
    )),
    TerminalClip("real-xterm-1080p.mp4", XtermStyle(
        (1920, 1080), ("JetBrains Mono", 16), (13, 29), "#fbfbfb", "#202020", "#404040",
        vimrc="set nocompatible\nset background=light\nsyntax on\n"
              "set number nowrap laststatus=2 noruler noshowcmd shortmess+=I\n"), (
        TerminalCut("ls", "python", colour=True),
        TerminalCut("sed", "c"),
        TerminalCut("less", "shell"),
        TerminalCut("vim", "c"),
        TerminalCut("sed", "swift"),
    )),
]
