"""Colours and fonts: the talk slides' two themes and their keyword colouring, and the
screen clips' fonts, palettes, languages and terminal colouring.

The fonts and palettes of the dev clips (and those every clip uses) are here; those only one
held-out set uses live beside its screens in splits/ and are taken into the tables here, so
that reading this file shows nothing of a sealed set.
"""

from pathlib import Path

from .common import die
from .model import Syntax, Theme
from .splits import (holdout, holdout2, holdout3, holdout4, holdout5, holdout6, holdout7, reading_fonts, reading_sealed,
                     real_sealed)


FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONTS = {
    "sans": FONT_DIR / "DejaVuSans.ttf",
    "sans-bold": FONT_DIR / "DejaVuSans-Bold.ttf",
    "mono": FONT_DIR / "DejaVuSansMono.ttf",
    "mono-bold": FONT_DIR / "DejaVuSansMono-Bold.ttf",
}
FONT_NAMES = {
    "sans": "DejaVu Sans",
    "sans-bold": "DejaVu Sans Bold",
    "mono": "DejaVu Sans Mono",
    "mono-bold": "DejaVu Sans Mono Bold",
}


THEMES = {
    # "light": light background, dark text; "dark": the opposite polarity.
    "light": Theme(background="#fafafa", title="#111111", text="#222222", bullet="#3b6fd4",
                   panel="#eceff4", code="#1f1f1f", keyword="#0000b0", string="#a31515",
                   comment="#3a7a3a"),
    "dark": Theme(background="#1e1e1e", title="#ffffff", text="#d4d4d4", bullet="#569cd6",
                  panel="#2b2b30", code="#d4d4d4", keyword="#569cd6", string="#ce9178",
                  comment="#6a9955"),
}


KEYWORDS = {
    "swift": "actor class func let var if else guard return throw throws try await async for in import struct private",
    "python": "import def for in try except as if return raise from class with while not and or",
    "c": "int long char const static return if else for while struct void size_t",
    "javascript": "function let const return async await if for of new",
    "go": "func for range if return go defer var type struct package import",
    "rust": "use fn let mut for in if return impl struct pub match",
    "shell": "set for in do done if then fi",
    "sql": "SELECT FROM WHERE AND OR NOT ILIKE ORDER BY DESC LIMIT AS",
    "kotlin": "data class val var fun return",
    "java": "new return final var",
    "perl": "my local our sub return if elsif else unless while use",
}
COMMENT_MARKERS = {
    "swift": "//", "python": "#", "c": "/*", "javascript": "//", "go": "//", "rust": "//",
    "shell": "#", "sql": "--", "kotlin": "//", "java": "//", "perl": "#",
}


SCREEN_FONTS = {
    # key: (file, name in the truth, monospace)
    "dejavu-sans": (FONT_DIR / "DejaVuSans.ttf", "DejaVu Sans", False),
    "dejavu-sans-bold": (FONT_DIR / "DejaVuSans-Bold.ttf", "DejaVu Sans Bold", False),
    "dejavu-mono": (FONT_DIR / "DejaVuSansMono.ttf", "DejaVu Sans Mono", True),
    "jetbrains-mono": (Path("/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf"),
                       "JetBrains Mono", True),
    "liberation-mono": (Path("/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf"),
                        "Liberation Mono", True),
    "liberation-sans": (Path("/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"),
                        "Liberation Sans", False),
    "liberation-sans-bold": (Path("/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"),
                             "Liberation Sans Bold", False),
    # each held-out set's own (splits/)
    **holdout.SCREEN_FONTS, **holdout2.SCREEN_FONTS, **holdout3.SCREEN_FONTS, **holdout4.SCREEN_FONTS,
    **holdout5.SCREEN_FONTS, **holdout6.SCREEN_FONTS, **holdout7.SCREEN_FONTS,
    **real_sealed.SCREEN_FONTS,     # scripts/make-real-cuts' sealed split
    **reading_sealed.SCREEN_FONTS,  # and its sealed reading split
    **reading_fonts.SCREEN_FONTS,   # the reading split's dev twin in other fonts
}


# The face of a font collection (.ttc) a key names, when it is not the collection's first.
SCREEN_FONT_FACES = {**holdout7.SCREEN_FONT_FACES}


SCREEN_FONT_PACKAGES = ("fonts-dejavu-core fonts-jetbrains-mono fonts-liberation2 fonts-firacode fonts-hack "
                        "fonts-noto-mono fonts-inconsolata fonts-freefont-ttf fonts-go fonts-agave fonts-monoid "
                        "fonts-croscore fonts-oxygen fonts-mononoki fonts-anonymous-pro fonts-fantasque-sans "
                        "fonts-roboto-unhinted fonts-hermit fonts-league-mono fonts-courier-prime fonts-3270 "
                        "fonts-cantarell fonts-open-sans fonts-mplus fonts-naver-d2coding fonts-cmu fonts-b612 "
                        "fonts-monofur fonts-lato fonts-crosextra-carlito fonts-paratype fonts-terminus-otb "
                        "fonts-linuxlibertine fonts-opendyslexic fonts-texgyre fonts-clear-sans fonts-inter "
                        "fonts-wqy-microhei fonts-spleen fonts-nanum fonts-noto-cjk fonts-manrope fonts-sora "
                        "fonts-karla")


# Colour schemes by role. Code roles: plain, keyword, type, string, number, comment, function,
# annotation, property; terminal roles: user, path, dir, exec, hash, ref, ok, fail, warn, dim;
# chrome: background, panel, title, text, bullet, caption, gutter, gutter_active, line_highlight,
# indent_guide, activity, chrome, chrome_text, tab_active, tab_active_text, sidebar, sidebar_text,
# sidebar_selected, status, status_text. A role a palette leaves out falls back (ROLE_FALLBACK).
# "polarity" is the truth's theme: light = dark text on a light ground.
PALETTES = {
    # dev: an editor's default dark theme
    "dark-modern": {
        "polarity": "dark", "background": "#1e1e1e", "plain": "#d4d4d4", "keyword": "#569cd6",
        "type": "#4ec9b0", "string": "#ce9178", "number": "#b5cea8", "comment": "#6a9955",
        "function": "#dcdcaa", "annotation": "#c586c0", "property": "#9cdcfe",
        "gutter": "#858585", "gutter_active": "#c6c6c6", "line_highlight": "#2a2d2e",
        "indent_guide": "#404040", "activity": "#333333", "chrome": "#252526", "chrome_text": "#969696",
        "tab_active": "#1e1e1e", "tab_active_text": "#ffffff", "sidebar": "#252526",
        "sidebar_text": "#cccccc", "sidebar_selected": "#37373d", "status": "#007acc",
        "status_text": "#ffffff", "panel": "#252526", "title": "#ffffff", "text": "#d4d4d4",
    },
    # dev: an IDE's light theme
    "light-ide": {
        "polarity": "light", "background": "#ffffff", "plain": "#080808", "keyword": "#0033b3",
        "type": "#000000", "string": "#067d17", "number": "#1750eb", "comment": "#8c8c8c",
        "function": "#00627a", "annotation": "#9e880d", "property": "#871094",
        "gutter": "#aeb3c2", "gutter_active": "#767a8a", "line_highlight": "#f5f8fe",
        "chrome": "#f7f8fa", "chrome_text": "#6c707e", "tab_active": "#ffffff", "tab_active_text": "#000000",
        "status": "#f7f8fa", "status_text": "#6c707e", "border": "#ebecf0",
    },
    # dev: a desktop terminal's dark profile
    "terminal-dark": {
        "polarity": "dark", "background": "#171717", "plain": "#d0d0d0", "user": "#8ae234",
        "path": "#729fcf", "dir": "#5c8fd6", "exec": "#8ae234", "hash": "#c4a000", "ref": "#34e2e2",
        "ok": "#4e9a06", "fail": "#ef2929", "warn": "#c4a000", "dim": "#8a8a8a",
        "chrome": "#2e2e2e", "chrome_text": "#c0c0c0",
    },
    # dev: low contrast, light
    "solarized-light": {
        "polarity": "light", "background": "#fdf6e3", "panel": "#eee8d5", "plain": "#657b83",
        "keyword": "#859900", "type": "#b58900", "string": "#2aa198", "number": "#d33682",
        "comment": "#93a1a1", "function": "#268bd2", "annotation": "#cb4b16",
        "title": "#586e75", "text": "#657b83",
    },
    # dev: low contrast, dark, with dim identifiers
    "solarized-dark": {
        "polarity": "dark", "background": "#002b36", "panel": "#073642", "plain": "#657b83",
        "keyword": "#859900", "type": "#b58900", "string": "#2aa198", "number": "#d33682",
        "comment": "#586e75", "function": "#268bd2", "annotation": "#cb4b16",
        "title": "#93a1a1", "text": "#839496",
    },
    # dev: plain slide themes, as in the first talk clips
    "slide-light": {
        "polarity": "light", "background": "#fafafa", "panel": "#eceff4", "plain": "#1f1f1f",
        "keyword": "#0000b0", "type": "#267f99", "string": "#a31515", "number": "#098658",
        "comment": "#3a7a3a", "function": "#795e26", "annotation": "#af00db",
        "title": "#111111", "text": "#222222", "bullet": "#3b6fd4", "caption": "#6b6b6b",
    },
    "slide-dark": {
        "polarity": "dark", "background": "#1e1e1e", "panel": "#2b2b30", "plain": "#d4d4d4",
        "keyword": "#569cd6", "type": "#4ec9b0", "string": "#ce9178", "number": "#b5cea8",
        "comment": "#6a9955", "function": "#dcdcaa", "annotation": "#c586c0",
        "title": "#ffffff", "text": "#d4d4d4", "bullet": "#569cd6", "caption": "#9a9a9a",
    },
    # each held-out set's own (splits/)
    **holdout.PALETTES, **holdout2.PALETTES, **holdout3.PALETTES, **holdout4.PALETTES,
    **holdout5.PALETTES, **holdout6.PALETTES, **holdout7.PALETTES,
    **real_sealed.PALETTES,         # scripts/make-real-cuts' sealed split
    **reading_sealed.PALETTES,      # and its sealed reading split
}
ROLE_FALLBACK = {
    "property": "type", "annotation": "keyword", "title": "plain", "text": "plain", "bullet": "keyword",
    "caption": "comment", "panel": "background", "gutter_active": "gutter", "user": "plain",
    "path": "plain", "dir": "plain", "exec": "plain", "hash": "plain", "ref": "plain", "ok": "plain",
    "fail": "plain", "warn": "plain", "dim": "plain", "tab_active_text": "plain",
    "sidebar_text": "chrome_text", "status_text": "chrome_text", "chrome_text": "plain",
}


def color(palette, role):
    colors = PALETTES[palette]
    while role not in colors:
        if role not in ROLE_FALLBACK:
            die(f"palette {palette} has no colour for {role}")
        role = ROLE_FALLBACK[role]
    return colors[role]


SYNTAX = {
    "rust": Syntax("as async await break const continue crate dyn else enum false fn for if impl in let loop "
                   "match mod move mut pub ref return self Self static struct super trait true type use where while",
                   types="bool char f32 f64 i32 i64 u8 u16 u32 u64 usize str Some None Ok Err",
                   quotes='"', annotation=r"#!?\[[^\]]*\]|\w+!"),
    "typescript": Syntax("as async await break case catch class const constructor continue default delete else "
                         "export extends false finally for from function if implements import in instanceof "
                         "interface let new null of private protected public readonly return static super "
                         "switch this throw true try type typeof undefined void while",
                         types="string number boolean unknown never any", quotes="\"'`"),
    "javascript": Syntax("async await break case catch class const continue default else export extends false "
                         "finally for from function if import in let new null of return this throw true try "
                         "typeof undefined while yield", quotes="\"'`"),
    "go": Syntax("break case chan const continue default defer else fallthrough for func go goto if import "
                 "interface map package range return select struct switch type var nil true false",
                 types="bool byte error int int64 uint32 uint64 float64 string rune any", quotes="\"'`"),
    "kotlin": Syntax("as break class constructor data else false for fun if import in init internal is null "
                     "object override package private return sealed suspend this throw true try val var when while",
                     quotes="\"'", annotation=r"@\w+"),
    "java": Syntax("abstract boolean break case catch class else extends final for if implements import int "
                   "long new null package private protected public return static this throw throws true try var "
                   "void while", quotes="\"'", annotation=r"@\w+"),
    "cpp": Syntax("auto bool break case char class const constexpr continue default else false for if "
                  "inline int namespace noexcept nullptr private public return static static_assert struct "
                  "template this true typename using void while", quotes="\"'",
                  types="size_t", annotation=r"^\s*#\s*\w+"),
    "c": Syntax("break case char const continue else for if int long return sizeof static struct switch "
                "unsigned void while NULL", types="size_t uint32_t uint8_t", quotes="\"'",
                annotation=r"^\s*#\s*\w+"),
    "python": Syntax("and as assert async await break class def del elif else except False finally for from "
                     "global if import in is lambda None nonlocal not or pass raise return True try while with "
                     "yield", types="int float str bytes bool dict list tuple set", line_comment="#",
                     block_comment=(), long_strings=('"""', "'''"), annotation=r"@\w+"),
    "swift": Syntax("actor as async await break case catch class continue default defer do else enum extension "
                    "false fileprivate for func guard if import in init inout internal let nil private "
                    "protocol public return self static struct switch throw throws true try var where while",
                    quotes='"', annotation=r"@\w+|#\w+"),
    "csharp": Syntax("async await bool case catch class else false finally for foreach if int interface is "
                     "namespace new null private public readonly record return sealed static string this "
                     "throw true try using var void while", quotes="\"'"),
    "scala": Syntax("abstract case class def else extends false final for if implicit import lazy match new "
                    "null object override package private return sealed this trait true type val var while "
                    "with yield", quotes='"', annotation=r"@\w+"),
    "sql": Syntax("AND AS ASC BY DESC FROM GROUP HAVING JOIN LEFT LIMIT MATCH NEAR NOT NULL ON OR ORDER "
                  "SELECT WHERE WITH", line_comment="--", block_comment=(), quotes="'",
                  capitalised_types=False, case_insensitive=True),
    "json": Syntax("true false null", line_comment="", block_comment=(), quotes='"', capitalised_types=False),
    "yaml": Syntax("true false null", line_comment="#", block_comment=(), quotes="\"'", capitalised_types=False),
    # holdout2 (sealed) only
    "ruby": Syntax("alias and begin break case class def do else elsif end ensure false for if in module next "
                   "nil not or private protected raise redo require require_relative rescue retry return self "
                   "super then true unless until when while yield attr_reader attr_accessor",
                   line_comment="#", block_comment=(), quotes="\"'",
                   annotation=r"(?<![:\w]):\w+[?!]?|@\w+"),
    "haskell": Syntax("as case class data default deriving do else hiding if import in infixl infixr instance "
                      "let module newtype of qualified then type where", line_comment="--",
                      block_comment=("{-", "-}"), quotes='"'),
    "lua": Syntax("and break do else elseif end false for function goto if in local nil not or repeat return "
                  "then true until while", line_comment="--", block_comment=("--[[", "]]"), quotes="\"'",
                  capitalised_types=False),
    "elixir": Syntax("after alias and case cond def defmodule defp do else end false fn if import in nil not or "
                     "raise receive require rescue true try unless use when with", line_comment="#",
                     block_comment=(), quotes='"', long_strings=('"""',),
                     annotation=r"@\w+|(?<![:\w]):\w+[?!]?"),
    "php": Syntax("abstract as catch class const declare echo else elseif extends final fn for foreach function "
                  "if implements interface match namespace new null private protected public readonly return "
                  "static throw true false try use", types="int string bool float void array self mixed",
                  quotes="\"'", annotation=r"\$\w+"),
    # the cut-from-real-files fixtures (scripts/make-real-cuts): languages Debian ships sources of
    "shell": Syntax("case do done elif else esac exit export fi for function if in local readonly return set "
                    "shift then trap until while", line_comment="#", block_comment=(), quotes="\"'",
                    annotation=r"\$\{?[\w#?@*!-]+\}?", capitalised_types=False),
    "perl": Syntax("and defined else elsif eq for foreach ge gt if last le local lt my ne next no not or our "
                   "package redo require return sub undef unless until use while", line_comment="#",
                   block_comment=(), quotes="\"'", annotation=r"[$@%][\w:]+", capitalised_types=False),
    "vim": Syntax("call else elseif endfor endfunction endif endtry endwhile for fun function if let return "
                  "set setlocal syn syntax try unlet while", line_comment='"', block_comment=(), quotes="'",
                  capitalised_types=False),
    "tcl": Syntax("catch else elseif eval expr for foreach global if namespace proc return set switch upvar "
                  "variable while", line_comment="#", block_comment=(), quotes='"', annotation=r"\$[\w:]+",
                  capitalised_types=False),
}


# Terminal sessions are coloured by what the programs print, not by a grammar: each pattern's
# named groups are roles (a later match wins).
SESSION_COLOURS = [
    r"^(?P<user>[\w.-]+@[\w.-]+):(?P<path>[~/][^$\s]*)\$",
    r"^d[rwxst-]{9}\s.*\s(?P<dir>\S+)$",
    r"^-[rwxst-]{2}x[rwxst-]{6}\s.*\s(?P<exec>\S+)$",
    r"^(?P<hash>[0-9a-f]{7}) ",
    r"^[0-9a-f]{7} (?P<ref>\([^)]*\))",
    r"^(?P<fail> M|\?\?) ",
    r"(?<=\.\.\. )(?P<ok>ok)$",
    r"(?<=\.\.\. )(?P<fail>FAILED)$",
    r"^\s+(?P<ok>Compiling|Finished|Running)\b",
    r"^(?P<ok>ok) ",
    r"(?P<ok>\d+ passed)",
    r"(?P<fail>^---- .* ----$|^--- FAIL|^FAIL\b|FAILED|\d+ failed|^error\b|ERROR|CrashLoopBackOff)",
    r"(?P<warn>\bWARN\b|\[no test files\])",
    r"^(?P<dim>note: .*)$",
]
