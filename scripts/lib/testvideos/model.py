"""The shapes of the screen data: the talk clips' slides (drawn by render_slides) and the
screen clips' editors, terminals and decks (drawn by render_screens), with helpers for
writing them as indented literals.
"""

import textwrap
from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    background: str
    title: str
    text: str
    bullet: str
    panel: str
    code: str
    keyword: str
    string: str
    comment: str


@dataclass(frozen=True)
class Code:
    language: str
    source: str
    theme: str = ""        # panel polarity; "" = same as the slide
    size: int = 24


@dataclass(frozen=True)
class Slide:
    title: str
    code: Code = None
    bullets: tuple = ()


def code(language, source, **kwargs):
    """Code block from an indented triple-quoted literal (dedented, outer blank lines dropped)."""
    return Code(language, textwrap.dedent(source).strip("\n"), **kwargs)


@dataclass(frozen=True)
class TalkClip:
    file: str
    theme: str
    slides: list
    seconds_per_slide: int = 3
    # "none", "rotate90" (stored 90 degrees counter-clockwise, display matrix turns it
    # back clockwise) or "anamorphic" (stored squeezed to 960 wide, SAR 4:3).
    storage: str = "none"


@dataclass(frozen=True)
class Syntax:
    """How an editor colours a language: enough of one to look real, not a parser."""
    keywords: str
    types: str = ""
    line_comment: str = "//"      # "" when the language has none
    block_comment: tuple = ("/*", "*/")
    quotes: str = "\"'"
    long_strings: tuple = ()      # delimiters of strings that may span lines
    annotation: str = ""          # regex: decorators, attributes, macros
    capitalised_types: bool = True
    case_insensitive: bool = False


@dataclass(frozen=True)
class EditorStyle:
    """One editor's look: fonts, sizes and bar heights for a clip's editor screens."""
    palette: str
    font: str
    size: int
    line_height: int
    ui_font: str
    ui_size: int
    tab_height: int
    status_height: int
    activity_width: int = 0     # the icon strip at the far left; 0 = none
    sidebar_width: int = 0      # file tree width when a screen has one
    gutter_gap: int = 2         # cells between the line numbers and the code
    indent_guides: bool = False


@dataclass(frozen=True)
class Editor:
    """An editor window: tabs, optional file tree, numbered code, a status bar."""
    language: str
    source: str
    first_line: int
    cursor: tuple                # (line number, column) the status bar and highlight show
    tabs: tuple                  # file names, left to right
    active: str                  # the tab being shown
    status_left: tuple
    status_right: tuple
    sidebar: tuple = ()          # file tree rows: two spaces a level, "name/" a folder, "*name" selected
    indent_unit: int = 4


@dataclass(frozen=True)
class Terminal:
    """A terminal window: a session of prompts, commands and their output."""
    session: str
    font: str
    size: int
    line_height: int
    palette: str
    title: str = ""              # window title bar text; "" = no title bar
    tmux: tuple = ()             # (left, right) of a tmux status line at the bottom; () = none


@dataclass(frozen=True)
class Text:
    """A title, a paragraph or a caption, wrapped to its column."""
    text: str
    font: str
    size: int
    role: str = "text"           # palette role of its colour: title, text, caption
    spacing: float = 1.25        # line height / font size


@dataclass(frozen=True)
class Bullets:
    items: tuple
    font: str
    size: int
    spacing: float = 1.75


@dataclass(frozen=True)
class CodeBlock:
    language: str
    source: str
    font: str
    size: int
    palette: str = ""            # the panel's colours; "" = the slide's
    spacing: float = 1.34


@dataclass(frozen=True)
class Deck:
    """A slide: blocks stacked top to bottom, then optionally two columns, then footers."""
    palette: str
    blocks: tuple
    columns: tuple = ()          # (left block, right block, left column width)
    footer: tuple = ()           # (left Text, right Text); either may be None
    margin: int = 64
    top: int = 40
    gap: int = 28


@dataclass(frozen=True)
class ScreenClip:
    file: str
    split: str                   # dev | holdout | holdout2 | holdout3 | holdout4 | holdout5 | holdout6 | holdout7
    width: int
    height: int
    screens: list                # Editor, Terminal or Deck
    editor: EditorStyle = None   # how this clip's Editor screens look
    content: tuple = None        # (x, y, width, height) of the active picture; None = all of it
    seconds_per_screen: int = 2
    crf: int = 20


def src(source, indent=0):
    """Source text from an indented triple-quoted literal: dedented, outer blank lines dropped,
    then indented by `indent` spaces (a method shown without its class)."""
    text = textwrap.dedent(source).strip("\n")
    return "\n".join(" " * indent + line if line else line for line in text.split("\n"))


def slide_title(text, font="dejavu-sans-bold", size=44):
    return Text(text, font, size, role="title", spacing=1.2)


# Cut-from-real-files fixtures (scripts/make-real-cuts) -----------------------------------------

@dataclass(frozen=True)
class SourcePool:
    """Real source files of one language on the machine: every file `pattern` matches under
    `root` (pathlib glob), optionally only those whose first line matches `shebang`."""
    language: str
    globs: tuple                 # (root, pattern) pairs
    tab: int = 8                 # columns a tab advances to, as the language's tools show it
    shebang: str = ""            # regex the first line must match; "" = any file
    fallback: str = ""           # the pool cut from instead when no file matches on this machine
    anchor: str = ""             # regex: an excerpt is cut around a line matching it ("" = anywhere)
    density: float = 0.0         # share of an excerpt's non-blank lines that must match anchor


@dataclass(frozen=True)
class DirectoryPool:
    """Real directories on the machine for `ls -la`: every directory `pattern` matches under `root`."""
    globs: tuple                 # (root, pattern) pairs


@dataclass(frozen=True)
class CutSlide:
    """A talk slide holding one or two excerpts cut at random lines from a pool's files.

    layout: "full" (title, one panel), "above" (title, bullets, panel), "beside" (title, bullets
    on the left, panel on the right; "beside-right": panel left, bullets right), "two" (title,
    two panels side by side), "camera" (title, panel, a speaker's camera in the bottom right)."""
    layout: str
    palette: str                 # the slide's colours
    font: str                    # the code font (themes.SCREEN_FONTS)
    size: int                    # code size in pixels at the clip's resolution
    pools: tuple                 # pool names, one per panel
    panel_palette: str = ""      # the panels' colours; "" = the slide's
    text_font: str = "dejavu-sans"
    title_font: str = "dejavu-sans-bold"
    spacing: float = 1.34        # code line height / size


@dataclass(frozen=True)
class CutClip:
    """A clip of CutSlides: display size, how it is stored, where the picture is inside bars."""
    file: str
    width: int
    height: int
    slides: tuple
    storage: str = "none"        # "none" or "anamorphic" (stored 3/4 as wide, SAR 4:3)
    content: tuple = None        # (x, y, width, height) of the active picture; None = all of it
    crf: int = 20


@dataclass(frozen=True)
class XtermStyle:
    """A real xterm under Xvfb: screen size, font (fontconfig name, points at 96 dpi) and the
    character cell it gives, colours, and the ~/.vimrc its vim reads."""
    screen: tuple                # (width, height) of the X screen
    font: tuple                  # (family, points)
    cell: tuple                  # (width, height) xterm's cell must be, checked
    background: str
    foreground: str
    cursor: str
    vimrc: str = "set nocompatible\nsyntax on\nset number nowrap laststatus=2 noruler noshowcmd shortmess+=I\n"
    prompt: str = "dev@devbox:~$ "


@dataclass(frozen=True)
class TerminalCut:
    """One screen of a real terminal: "ls" (ls -la of a directory from `pool`, a list of
    directories), "sed" (sed -n 'A,Bp' of an excerpt), "less" (the pager at a random line;
    numbered=True adds -N), "vim" (the editor at a random line)."""
    program: str
    pool: str
    numbered: bool = False
    colour: bool = False         # ls --color=always


@dataclass(frozen=True)
class TerminalClip:
    file: str
    style: XtermStyle
    screens: tuple
    crf: int = 20


# Issue 14's reading material (scripts/make-real-cuts --split reading / reading-sealed) ----------

@dataclass(frozen=True)
class CaptionClip:
    """Sentences cut from real text files burned in as subtitles (ffmpeg's subtitles filter,
    libass) over a picture that is not text: `background` is a lavfi graph drawing it, or
    "slide" for a talk slide (title and bullets) with the captions in its lower third."""
    file: str
    width: int
    height: int
    background: str
    pool: str                    # a SourcePool of text files
    cues: int = 4
    style: str = ""              # libass force_style; "" = the default (white, black outline)
    palette: str = "slide-light"  # a "slide" background's colours
    seconds_per_cue: int = 2
    crf: int = 20


@dataclass(frozen=True)
class SkewSlide:
    """A slide of about 22 lines cut from a pool's files, filmed by a camera at an angle."""
    palette: str
    font: str
    size: int
    pool: str
    degrees: float               # rotation, either sign
    keystone: float = 0.02       # how much narrower the far edge is than the near one
    lines: int = 22


@dataclass(frozen=True)
class SkewClip:
    file: str
    width: int
    height: int
    slides: tuple
    crf: int = 20
