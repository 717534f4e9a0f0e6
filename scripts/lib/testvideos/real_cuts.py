"""The code of scripts/make-real-cuts (run that; it calls main): fixtures cut from real source
files found on the machine at random lines, shown on talk slides and in a real terminal.

Slides are drawn the way the screen clips are (render_screens.render_block: every word on its
own, its ink measured), so a region's truth is exactly what was drawn. Terminals are a real
xterm under Xvfb with tmux inside (index_terminal.TerminalSession): the truth's text is what
tmux says the pane shows (capture-pane), its boxes the ink inside the character cells of the
rows and columns it is in, measured on a screenshot without the text cursor. The frame itself
is taken with ffmpeg's x11grab, which draws the X server's own mouse pointer (xterm's I-beam)
where it is; xwd, which the clean picture comes from, draws none.

Every choice is made by a random.Random seeded with the split's seed and the clip's and
screen's place, from files listed in sorted order, so the same machine with the same packages
gives the same excerpts and pixels. A split's clips and truth go to one directory (default
.build/real-cuts/<split>/), with a manifest.json listing them in sorted order, in the format
scripts/bench-accuracy reads from TestVideos/.
"""

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from PIL import Image, ImageChops

from .common import ROOT, box, die, run, seconds, union
from .fingerprint import generator_fingerprint
from .index_talk import Camera, intersects
from .index_terminal import TERMINAL_BORDER, TerminalSession
from .media import BITEXACT, check_timing, common_truth, decode_selected, ffmpeg, mean_difference, probe
from .model import Bullets, CodeBlock, Text
from .output import draw_overlays, truth_path, write_json
from .render_screens import Canvas, missing_glyph, render_block, screen_font, wrap
from .talk import bars, check_unique_screens, finish_regions
from .themes import PALETTES, SCREEN_FONTS, color


FPS = 10                    # a still screen needs few frames; encoding 4K at 25 fps took 30 s a clip
SECONDS_PER_SCREEN = 1
H264 = ["-c:v", "libx264", "-preset", "medium", "-crf", "{crf}", "-g", "250", "-bf", "3", "-threads", "1",
        "-pix_fmt", "yuv420p"]
LINES = (8, 30)             # an excerpt's length, before blank lines at its ends are dropped
MAX_FILE_BYTES = 1_500_000
OUT_ROOT = ROOT / ".build" / "real-cuts"


def split_module(name):
    """The module that describes a split (imported only when that split is made)."""
    if name == "real":
        from .splits import real
        return real
    if name == "real-sealed":
        from .splits import real_sealed
        return real_sealed
    if name == "reading":
        from .splits import reading
        return reading
    if name == "reading-sealed":
        from .splits import reading_sealed
        return reading_sealed
    if name == "reading-fonts":
        from .splits import reading_fonts
        return reading_fonts
    if name == "reading-fonts2":
        from .splits import reading_fonts2
        return reading_fonts2
    die(f"no split {name!r} (real, real-sealed, reading, reading-sealed, reading-fonts or reading-fonts2)")


SPLIT_NAMES = ("real", "real-sealed", "reading", "reading-sealed", "reading-fonts", "reading-fonts2")


# Real files ---------------------------------------------------------------------------------

class Sources:
    """The files of a split's pools, listed once each in sorted order, read on demand."""

    def __init__(self, pools):
        self.pools = pools
        self._files, self._lines = {}, {}
        self.skipped = {}       # why draws were refused: reason -> count
        self.noted = set()      # pools said to be missing

    def files(self, name):
        if name not in self._files:
            pool = self.pools[name]
            seen, found = set(), []
            for root, pattern in pool.globs:
                if not Path(root).is_dir():
                    continue
                for path in sorted(Path(root).glob(pattern)):
                    # A link is the same file as its target, or something that is not a source.
                    if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
                        continue
                    if path in seen:
                        continue
                    seen.add(path)
                    if pool.shebang and not re.match(pool.shebang, first_line(path)):
                        continue
                    if pool.anchor and not any(re.search(pool.anchor, line) for line in self.lines(path) or ()):
                        continue
                    found.append(path)
            self._files[name] = found
        return self._files[name]

    def resolve(self, name):
        """The pool to cut from for `name`: itself, or its fallback when none of its files is here."""
        pool = self.pools[name]
        if self.files(name):
            return name
        if not pool.fallback:
            die(f"pool {name}: no file matches {pool.globs} on this machine")
        if name not in self.noted:
            self.noted.add(name)
            print(f"make-real-cuts: note: no file of pool {name} on this machine ({pool.globs[0][0]}); "
                  f"cutting from {pool.fallback} instead", file=sys.stderr)
        return self.resolve(pool.fallback)

    def lines(self, path):
        """A file's lines, or None when it is not UTF-8 text."""
        if path not in self._lines:
            data = path.read_bytes()
            try:
                text = None if b"\0" in data else data.decode("utf-8")
            except UnicodeDecodeError:
                text = None
            self._lines[path] = None if text is None else text.split("\n")
        return self._lines[path]

    def refuse(self, reason):
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


def first_line(path):
    with open(path, "rb") as f:
        return f.readline(200).decode("latin-1")


def drawable(ch):
    """A character that takes one cell and one glyph: no controls, combining marks or wide characters."""
    return unicodedata.category(ch)[0] not in "CM" and unicodedata.east_asian_width(ch) not in "WF"


@dataclass(frozen=True)
class Excerpt:
    language: str
    path: Path
    first: int          # 1-based, inclusive, in the file
    last: int
    lines: tuple        # as shown: tabs expanded, trailing blanks and common indentation dropped
    tab: int

    def source(self):
        return {"path": str(self.path), "first_line": self.first, "last_line": self.last, "tab": self.tab}


def cut_lines(rng, lines, tab, most, fits, sources, starts=None):
    """A random stretch of 8-30 lines (at most `most`) starting anywhere in the file (or where
    starts(count) says), without blank lines at its ends; None after a few tries that do not fit
    or are not worth showing."""
    most = min(most, LINES[1])
    if most < LINES[0] or len(lines) < LINES[0] + 2:
        return None
    for _ in range(12):
        count = rng.randint(LINES[0], most)
        start = starts(count) if starts else rng.randrange(0, max(1, len(lines) - count))
        if start is None:
            return None
        chosen = [line.expandtabs(tab).rstrip() for line in lines[start:start + count]]
        first = 0
        while first < len(chosen) and not chosen[first]:
            first += 1
        while chosen and not chosen[-1]:
            chosen.pop()
        chosen = chosen[first:]
        if len(chosen) < LINES[0]:
            sources.refuse("fewer than 8 lines between blank ends")
            continue
        if not all(drawable(ch) for line in chosen for ch in line):
            sources.refuse("control or wide characters")
            continue
        filled = [line for line in chosen if line.strip()]
        if len(filled) < max(5, len(chosen) // 2):
            sources.refuse("mostly blank")
            continue
        if not fits(chosen):
            sources.refuse("a line too long for its panel or terminal")
            continue
        return start + first, chosen
    return None


def dedented(lines):
    """Lines without their common indentation, as a presenter pastes an excerpt."""
    margin = min(len(line) - len(line.lstrip(" ")) for line in lines if line.strip())
    return tuple(line[margin:] for line in lines)


def pick_file(rng, sources, pool, used):
    """A file of the pool not used yet in this split, with enough lines."""
    files = sources.files(pool)
    for _ in range(200):
        path = rng.choice(files)
        if path in used:
            continue
        lines = sources.lines(path)
        if lines is None:
            sources.refuse("not UTF-8 text")
            continue
        if len(lines) < 2 * LINES[0]:
            sources.refuse("file too short")
            continue
        return path, lines
    die(f"pool {pool}: no usable file left after 200 draws")


def anchored(pool, lines):
    """Whether an excerpt has what its pool's anchor asks for: a matching line, and at least
    pool.density of its non-blank lines matching."""
    filled = [line for line in lines if line.strip()]
    hits = sum(1 for line in filled if re.search(pool.anchor, line))
    return hits > 0 and hits >= pool.density * len(filled)


def around_anchor(rng, pool, lines):
    """starts(count) for cut_lines: a stretch holding a random line that matches the anchor, the
    line anywhere in it; None when the file has no such line."""
    marks = [k for k, line in enumerate(lines) if re.search(pool.anchor, line)]

    def starts(count):
        if not marks:
            return None
        mark = rng.choice(marks)
        return max(0, min(mark - rng.randrange(count), len(lines) - count))
    return starts


# Slides -------------------------------------------------------------------------------------

TITLES = ("Inside {name}", "A look at {name}", "{name}, line {first}", "Reading {name}", "How {stem} does it",
          "From {dir}", "{stem}: the middle part", "What {name} ships")
TWO_TITLES = ("{stem} and {stem2}", "Two files, side by side", "{name} next to {name2}")
BULLETS = ("From {name}", "Lines {first} to {last}", "{count} lines of {language}", "Cut mid-file",
           "As shipped in {dir}", "Read the indentation", "Watch the closing lines", "Copied as it is",
           "Nothing left out", "Real code, not a demo")
LANGUAGE_NAMES = {"c": "C", "cpp": "C++", "python": "Python", "shell": "shell", "perl": "Perl", "swift": "Swift",
                  "javascript": "JavaScript", "lua": "Lua", "go": "Go", "vim": "Vim script", "tcl": "Tcl"}


def shown_name(path):
    """A file's name as a slide would give it: a module interface is named after its module."""
    if path.parent.suffix == ".swiftmodule":
        return path.parent.stem + path.suffix
    return path.name


def words_for(excerpt, second=None):
    name = shown_name(excerpt.path)
    values = {"name": name, "stem": name.rsplit(".", 1)[0], "dir": str(excerpt.path.parent),
              "first": excerpt.first, "last": excerpt.last, "count": len(excerpt.lines),
              "language": LANGUAGE_NAMES.get(excerpt.language, excerpt.language)}
    if second:
        name2 = shown_name(second.path)
        values.update(name2=name2, stem2=name2.rsplit(".", 1)[0])
    return values


class SlideLayout:
    """Where a slide's title, bullets, panels and camera go, in pixels of the frame."""

    def __init__(self, clip, slide):
        x0, y0, w, h = clip.content or (0, 0, clip.width, clip.height)
        self.area = (x0, y0, w, h)
        s = min(w, h) / 720
        self.scale = s
        self.margin, self.top, self.gap = round(56 * s), round(36 * s), round(28 * s)
        self.left, self.column = x0 + self.margin, w - 2 * self.margin
        self.bottom = y0 + h - round(28 * s)
        self.title_size, self.bullet_size = round(40 * s), round(26 * s)
        self.slide = slide
        self.camera = None
        if slide.layout == "camera":
            cam_w = round(w * (0.34 if h > w else 0.2))
            cam_h = round(cam_w * 9 / 16)
            self.camera = box(x0 + w - cam_w - round(20 * s), y0 + h - cam_h - round(20 * s),
                              x0 + w - round(20 * s), y0 + h - round(20 * s))

    def pads(self, size):
        return round(size * 0.9), round(size * 0.8)

    def title_height(self, text):
        face = screen_font(self.slide.title_font, self.title_size)
        return len(wrap(text, face, self.column)) * round(self.title_size * 1.2)

    def panels(self, title_bottom):
        """(left, top, width, bottom) of each panel below a title ending at title_bottom, and the
        bullets' (left, top, width, rows) or None."""
        slide, gap = self.slide, self.gap
        y = title_bottom + gap
        line = round(self.bullet_size * 1.75)
        if slide.layout == "full":
            return [(self.left, y, self.column, self.bottom)], None
        if slide.layout == "above":
            return [(self.left, y + 2 * line + gap // 2, self.column, self.bottom)], (self.left, y, self.column, 2)
        if slide.layout in ("beside", "beside-right"):
            bw = round(self.column * 0.32)
            pw = self.column - bw - gap
            rows = max(1, (self.bottom - y) // line)
            if slide.layout == "beside":
                return [(self.left + bw + gap, y, pw, self.bottom)], (self.left, y + round(8 * self.scale), bw, min(rows, 4))
            return [(self.left, y, pw, self.bottom)], (self.left + pw + gap, y + round(8 * self.scale), bw, min(rows, 4))
        if slide.layout == "two":
            pw = (self.column - gap) // 2
            return [(self.left, y, pw, self.bottom), (self.left + pw + gap, y, pw, self.bottom)], None
        if slide.layout == "camera":
            cam = self.camera
            if self.area[3] > self.area[2]:     # portrait: the camera under the panel
                return [(self.left, y, self.column, cam["y"] - gap)], None
            return [(self.left, y, cam["x"] - gap - self.left, self.bottom)], None
        die(f"unknown slide layout {slide.layout!r}")

    def capacity(self, panel):
        """(rows, the widest line's advance in pixels) a panel holds."""
        left, top, width, bottom = panel
        size = self.slide.size
        pad_x, pad_y = self.pads(size)
        line_height = round(size * self.slide.spacing)
        rows = (bottom - top - 2 * pad_y) // line_height
        # render_block wants a line's ink inside width - pad_x / 2; keep a glyph's overhang spare.
        return rows, width - pad_x - pad_x // 2 - max(3, round(size * 0.15))


def cut_for_panel(rng, sources, pool_name, layout, panel, used):
    """An excerpt of the pool that fits the panel: a file, then a random stretch of it."""
    pool_name = sources.resolve(pool_name)
    pool = sources.pools[pool_name]
    slide = layout.slide
    rows, width = layout.capacity(panel)
    face = screen_font(slide.font, slide.size)

    def fits(lines):
        shown = dedented(lines)
        return missing_glyph(slide.font, slide.size, "".join(shown)) is None and \
            max(face.getlength(line) for line in shown) <= width and \
            (not pool.anchor or anchored(pool, shown))

    for _ in range(60):
        path, lines = pick_file(rng, sources, pool_name, used)
        starts = around_anchor(rng, pool, lines) if pool.anchor else None
        found = cut_lines(rng, lines, pool.tab, rows, fits, sources, starts)
        if found:
            used.add(path)
            start, chosen = found
            return Excerpt(pool.language, path, start + 1, start + len(chosen), dedented(chosen), pool.tab)
    die(f"pool {pool_name}: no excerpt fits a {panel[2]}-pixel panel of {rows} rows in "
        f"{SCREEN_FONTS[slide.font][1]} {slide.size} px")


def render_cut_slide(clip, slide, index, rng, sources, used, seed):
    """Draw one slide; return (image, regions, excerpts)."""
    layout = SlideLayout(clip, slide)
    x0, y0, w, h = layout.area
    canvas = Canvas(clip.width, clip.height, "#000000")
    canvas.fill(box(x0, y0, x0 + w, y0 + h), color(slide.palette, "background"))

    # Titles are kept to one line (those that would wrap are not chosen), so the panels' places
    # are known before the excerpts the title names are cut to fit them.
    title_bottom = y0 + layout.top + layout.title_height("x")
    panels, bullet_box = layout.panels(title_bottom)
    if len(slide.pools) != len(panels):
        die(f"{clip.file} slide {index}: {len(slide.pools)} pools for {len(panels)} panels")
    excerpts = [cut_for_panel(rng, sources, pool, layout, panel, used) for pool, panel in zip(slide.pools, panels)]
    values = words_for(*excerpts)
    title_face = screen_font(slide.title_font, layout.title_size)
    titles = [t.format(**values) for t in (TWO_TITLES if len(excerpts) == 2 else TITLES)]
    titles = [t for t in titles if len(wrap(t, title_face, layout.column)) == 1 and
              missing_glyph(slide.title_font, layout.title_size, t) is None]
    title = rng.choice(titles) if titles else "Real code"
    regions, _ = render_block(canvas, Text(title, slide.title_font, layout.title_size, role="title", spacing=1.2),
                              slide.palette, layout.left, y0 + layout.top, layout.column)

    if bullet_box:
        left, top, width, rows = bullet_box
        face = screen_font(slide.text_font, layout.bullet_size)
        room = width - 2 - 2 * max(3, round(layout.bullet_size / 6)) - round(layout.bullet_size * 0.6) - 4
        items = []
        for template in rng.sample(BULLETS, len(BULLETS)):
            item = template.format(**values)
            if len(items) < rows and face.getlength(item) <= room and \
                    missing_glyph(slide.text_font, layout.bullet_size, item) is None:
                items.append(item)
        items = items or ["Code"]
        found, _ = render_block(canvas, Bullets(tuple(items), slide.text_font, layout.bullet_size),
                                slide.palette, left, top, width)
        regions += found
    for excerpt, (left, top, width, _) in zip(excerpts, panels):
        block = CodeBlock(excerpt.language, "\n".join(excerpt.lines), slide.font, slide.size,
                          palette=slide.panel_palette, spacing=slide.spacing)
        found, _ = render_block(canvas, block, slide.palette, left, top, width)
        found[0]["source"] = excerpt.source()
        regions += found
    if layout.camera:
        cam = layout.camera
        picture = Camera(seed + index).frame(index * 7).resize((cam["width"], cam["height"]), Image.BICUBIC)
        canvas.image.paste(picture, (cam["x"], cam["y"]))
        for r in regions:
            for b in (r["bbox"], r.get("panel")):
                if b and intersects(b, cam):
                    die(f"{clip.file} slide {index}: {r['text'][:30]!r} runs under the camera")
    for r in regions:
        if r["bbox"]["y"] + r["bbox"]["height"] > y0 + h - 8:
            die(f"{clip.file} slide {index}: {r['text'][:30]!r} runs off the slide")
    return canvas.image, regions, excerpts


# Terminals ----------------------------------------------------------------------------------

def x11grab(term):
    """The screen as ffmpeg's x11grab sees it: with the X server's pointer drawn where it is."""
    w, h = term.screen_size
    data = run(["ffmpeg", "-nostdin", "-v", "error", "-f", "x11grab", "-draw_mouse", "1", "-video_size", f"{w}x{h}",
                "-i", f"{term.display}+0,0", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
               env=term.env)
    if len(data) != w * h * 3:
        die(f"x11grab gave {len(data)} bytes for a {w}x{h} screen")
    return Image.frombytes("RGB", (w, h), data)


def pane_rows(term):
    """Every row of the pane as tmux has it, trailing blanks dropped (blank rows kept)."""
    rows = term.tmux("capture-pane", "-p", "-t", "index").split("\n")[:term.rows]
    return [row.rstrip() for row in rows] + [""] * (term.rows - len(rows))


def ink_box(picture, cells):
    """The box of the pixels inside `cells` that differ from their background (the colour most
    of the cells' pixels have), or the cells themselves when nothing differs."""
    crop = picture.crop((cells["x"], cells["y"], cells["x"] + cells["width"], cells["y"] + cells["height"]))
    ground = max(crop.getcolors(crop.width * crop.height))[1]
    r, g, b = ImageChops.difference(crop, Image.new("RGB", crop.size, ground)).split()
    # Any channel: xterm's blue on black differs in blue alone. The floor keeps out nothing
    # but the faintest anti-aliased edge pixels.
    found = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v > INK_FLOOR else 0).getbbox()
    if not found:
        return cells
    return box(cells["x"] + found[0], cells["y"] + found[1], cells["x"] + found[2], cells["y"] + found[3])


INK_FLOOR = 16


class Grid:
    """The character cells of a terminal: row r, column c at (border + c * width, border + r * height)."""

    def __init__(self, term):
        self.cw, self.ch = term.cell
        self.cols, self.rows = term.cols, term.rows

    def cells(self, row, first, last):
        """Cells of columns first..last - 1 of a row."""
        x = TERMINAL_BORDER + first * self.cw
        y = TERMINAL_BORDER + row * self.ch
        return box(x, y, x + (last - first) * self.cw, y + self.ch)

    def area(self, first_row, last_row, first_col=0):
        return box(TERMINAL_BORDER + first_col * self.cw, TERMINAL_BORDER + first_row * self.ch,
                   TERMINAL_BORDER + self.cols * self.cw, TERMINAL_BORDER + last_row * self.ch)


def cell_line(grid, picture, row, text, offset=0):
    """A truth line for the text at columns offset.. of a row: words as the ink in their cells."""
    words = []
    for m in re.finditer(r"\S+", text):
        words.append({"text": m.group(), "bbox": ink_box(picture, grid.cells(row, offset + m.start(), offset + m.end()))})
    indent = len(text) - len(text.lstrip(" ")) if text.strip() else 0
    return {"text": text, "indent": indent, "bbox": union(w["bbox"] for w in words), "words": words}


def terminal_regions(grid, picture, rows, layout, style, language, gutter_width=0):
    """The truth of a screen: the code rows (rows[code_rows]) as one code region, numbered by
    the gutter's first gutter_width columns when there is one; any other rows as ui."""
    code_rows = layout["code"]
    polarity = "light" if luminance(style.background) > 0.5 else "dark"
    font = {"name": style.font[0], "points": style.font[1], "size": round(style.font[1] * 96 / 72, 2),
            "line_height": grid.ch, "cell_width": grid.cw}
    used = [r for r in code_rows if rows[r][gutter_width:].strip()]
    first, last = used[0], used[-1]
    lines = []
    for r in range(first, last + 1):
        row = rows[r]
        number = None
        if gutter_width:
            field = row[:gutter_width]
            if not re.fullmatch(r" *\d+ *", field) and field.strip():
                die(f"terminal row {r} has no line number in its first {gutter_width} columns: {row!r}")
            number = int(field) if field.strip() else None
            row = row[gutter_width:]
        line = cell_line(grid, picture, r, row, gutter_width) if row.strip() else \
            {"text": "", "indent": 0, "bbox": None, "words": []}
        line["number"] = number
        line["number_bbox"] = None
        if number is not None:
            start = len(rows[r]) - len(rows[r].lstrip(" "))
            line["number_bbox"] = ink_box(picture, grid.cells(r, start, start + len(str(number))))
        lines.append(line)
    code = {"kind": "code", "theme": polarity, "bbox": union(l["bbox"] for l in lines),
            "text": "\n".join(l["text"] for l in lines), "lines": lines, "font": font, "language": language,
            "panel": grid.area(code_rows[0], code_rows[-1] + 1, gutter_width),
            "gutter": union(l["number_bbox"] for l in lines) if gutter_width else None}
    regions = [code]
    for r in layout.get("ui", ()):
        if rows[r].strip():
            line = cell_line(grid, picture, r, rows[r])
            line["indent"] = 0
            regions.append({"kind": "ui", "theme": polarity, "bbox": line["bbox"], "text": rows[r].strip(),
                            "lines": [dict(line, text=rows[r].strip())], "font": font, "chrome": "status"})
    return regions


def luminance(hex_colour):
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


LS_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "TIME_STYLE": "long-iso"}


class TerminalPlan:
    """What one terminal screen runs, chosen before it runs: the command line, the program that
    draws the screen (shell, less, vim), and for vim the keys that move its cursor."""

    def __init__(self, command, program, language, numbered=False, keys=()):
        self.command, self.program, self.language = command, program, language
        self.numbered, self.keys = numbered, keys


def plan_screen(screen, rng, sources, dir_pools, used, grid, prompt):
    """The command a TerminalCut types, with an excerpt, directory or line that fits the pane."""
    cols, rows = grid.cols, grid.rows
    if screen.program == "ls":
        dirs = []
        for root, pattern in dir_pools[screen.pool].globs:
            # A __pycache__ holds what Python happened to compile on this machine.
            dirs += [p for p in sorted(Path(root).glob(pattern))
                     if p.is_dir() and not p.is_symlink() and p.name != "__pycache__"]
        if not dirs:
            die(f"directory pool {screen.pool}: no directory on this machine")
        for _ in range(200):
            path = rng.choice(dirs)
            if path in used:
                continue
            flags = "-la --color=always" if screen.colour else "-la"
            listing = subprocess.run(["ls", "-la", str(path)], capture_output=True, text=True, env=LS_ENV).stdout
            shown = listing.rstrip("\n").split("\n")
            command = f"ls {flags} {path}"
            if len(shown) + 2 <= rows and max(map(len, shown)) <= cols and len(prompt + command) <= cols and \
                    all(drawable(ch) for line in shown for ch in line):
                used.add(path)
                return TerminalPlan(command, "shell", "shell")
            sources.refuse("a listing too long or too wide for the terminal")
        die(f"directory pool {screen.pool}: no listing fits {cols}x{rows}")
    pool_name = sources.resolve(screen.pool)
    pool = sources.pools[pool_name]
    for _ in range(60):
        path, lines = pick_file(rng, sources, pool_name, used)
        if screen.program == "sed":
            # The terminal expands tabs to every 8th column, whatever the language.
            found = cut_lines(rng, lines, 8, rows - 2, lambda shown: max(map(len, shown)) <= cols, sources)
            if not found:
                continue
            start, chosen = found
            command = f"sed -n '{start + 1},{start + len(chosen)}p' {path}"
            if len(prompt + command) > cols:
                sources.refuse("a command line too long for the terminal")
                continue
            used.add(path)
            return TerminalPlan(command, "shell", "shell")
        # less and vim show a window of the file from a random line on (vim cuts long lines,
        # less would wrap them: its window must fit).
        window = rows - (1 if screen.program == "less" else 4 if screen.program == "nano" else 2)
        gutter = 8 if screen.numbered else 0
        if len(lines) < window + LINES[0] + 1:
            sources.refuse("file too short for a full screen")
            continue
        top = rng.randrange(LINES[0], len(lines) - window)
        # less shows the window from line top; vim may centre top and the cursor may scroll.
        shown = [line.expandtabs(8) for line in lines[max(0, top - 1 - window):top - 1 + window + rows]]
        if not all(drawable(ch) for line in shown for ch in line):
            sources.refuse("control or wide characters")
            continue
        if screen.program == "less":
            if max(len(line.expandtabs(8).rstrip()) for line in lines[top - 1:top - 1 + window]) > cols - gutter:
                sources.refuse("a line too long for its panel or terminal")
                continue
            flags = "-N " if screen.numbered else ""
            used.add(path)
            return TerminalPlan(f"less {flags}+{top}g {path}", "less", pool.language, screen.numbered)
        if screen.program == "nano":
            # nano cuts a line longer than the pane (a > in its last column): every line it may show
            # fits, wherever it puts the line asked for.
            if max(len(line.rstrip()) for line in shown) > cols - 1:
                sources.refuse("a line too long for its panel or terminal")
                continue
            used.add(path)
            keys = (("Down", rng.randint(2, window // 3)), ("Right", rng.randint(1, 12)))
            return TerminalPlan(f"nano -v --rcfile=.nanorc +{top} {path}", "nano", pool.language, keys=keys)
        if screen.program == "vim":
            used.add(path)
            # The cursor ends a few lines down and a few columns in, on the text.
            keys = (f"{rng.randint(2, window // 3)}{rng.choice('jk')}", f"{rng.randint(1, 12)}l")
            return TerminalPlan(f"vim +{top} {path}", "vim", pool.language, keys=keys)
        die(f"unknown terminal program {screen.program!r}")
    die(f"pool {screen.pool}: nothing fits a {cols}x{rows} terminal")


def plan_traceback(rng, split, used, grid, prompt):
    """A python3 call into the standard library that raises, chosen from the split's TRACEBACKS,
    whose traceback (Python 3.11's, with its ^^^^ under the failing part of a line) fits the pane."""
    calls = [c for c in split.TRACEBACKS if c not in used]
    rng.shuffle(calls)
    for statement in calls:
        command = f'python3 -c "{statement}"'
        result = subprocess.run(["python3", "-c", statement], capture_output=True, text=True,
                                env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                                     "PYTHONDONTWRITEBYTECODE": "1"})
        shown = (result.stdout + result.stderr).rstrip("\n").split("\n")
        if result.returncode == 0 or "^^^" not in result.stderr:
            die(f"python3 -c {statement!r} raised no traceback with ^^^^ markers")
        if len(shown) + 2 <= grid.rows and max(map(len, shown)) <= grid.cols and len(prompt + command) <= grid.cols:
            used.add(statement)
            return TerminalPlan(command, "shell", "shell")
    die(f"no traceback fits a {grid.cols}x{grid.rows} terminal")


def vim_numbered(vimrc):
    return bool(re.search(r"\bset\b[^\n]*\bnumber\b", vimrc)) and not re.search(r"\bnonumber\b", vimrc)


def record_terminal_clip(clip, split, sources, dir_pools, used, work):
    """Run a TerminalClip's screens in a real xterm; return [(picture, regions, plan)] and what
    the truth says of the terminal."""
    style = clip.style
    place = work / f"xterm-{Path(clip.file).stem}"
    place.mkdir()
    env = ("LESSHISTFILE=-", "TIME_STYLE=long-iso")
    shots = []
    with TerminalSession(place, screen=style.screen, font=style.font, cell=style.cell,
                         colours=(style.background, style.foreground, style.cursor), prompt=style.prompt,
                         env=env) as term:
        (place / "terminal-home" / ".vimrc").write_text(style.vimrc + "set noswapfile nobackup viminfo=\n")
        if any(screen.program == "nano" for screen in clip.screens):
            # Debian's own syntax colouring and nothing else of /etc/nanorc (its lock files would
            # land beside the files shown); a message goes at the first key.
            (place / "terminal-home" / ".nanorc").write_text('include "/usr/share/nano/*.nanorc"\nset quickblank\n')
        grid = Grid(term)
        shown = None
        for index, screen in enumerate(clip.screens):
            rng = random.Random(f"{split.SEED}:{clip.file}:{index}")
            if screen.program == "traceback":
                plan = plan_traceback(rng, split, used, grid, style.prompt)
            else:
                plan = plan_screen(screen, rng, sources, dir_pools, used, grid, style.prompt)
            send(term, "clear", enter=True, until=lambda t, c: t == style.prompt.rstrip())
            before = term.text()
            if plan.program == "shell":
                send(term, plan.command, enter=True,
                     until=lambda t, c: t != before and t.split("\n")[-1] == style.prompt.rstrip() and t.count("\n") >= 2)
                layout = {"code": list(range(0, grid.rows))}
            elif plan.program == "less":
                send(term, plan.command, enter=True, until=lambda t, c: t.count("\n") == grid.rows - 1)
                layout = {"code": list(range(0, grid.rows - 1)), "ui": [grid.rows - 1]}
            elif plan.program == "nano":
                # A title bar, the text, a status line and two rows of shortcuts.
                send(term, plan.command, enter=True,
                     until=lambda t, c: t.count("\n") == grid.rows - 1 and "GNU nano" in t.split("\n")[0])
                for key, times in plan.keys:
                    term.tmux("send-keys", "-t", "index", "-N", str(times), key)
                    term.wait_for(lambda t, c: True)
                layout = {"code": list(range(1, grid.rows - 3)), "ui": [0, grid.rows - 3, grid.rows - 2, grid.rows - 1]}
            else:
                send(term, plan.command, enter=True, until=lambda t, c: t.count("\n") == grid.rows - 1)
                # Ctrl-L clears the file's name and size from the command line, then the cursor moves
                # (a move that cannot be made, such as l at the end of a line, leaves it as it was).
                send(term, "C-l", key=True, until=lambda t, c: t.count("\n") == grid.rows - 2)
                for keys in plan.keys:
                    send(term, keys)
                layout = {"code": list(range(0, grid.rows - 2)), "ui": [grid.rows - 2, grid.rows - 1]}
            rows = pane_rows(term)
            gutter = 0
            if plan.program == "less" and plan.numbered:
                gutter = 8              # less -N: the number right-aligned in 7 columns, a space
            elif plan.program == "vim" and vim_numbered(style.vimrc):
                # Right-aligned numbers and a space (a blank line's row ends at its number).
                number = next((m for m in (re.match(r" *\d+ ", row) for row in rows) if m), None)
                if not number:
                    die(f"{clip.file} screen {index}: vim shows no line numbers:\n" + "\n".join(rows))
                gutter = number.end()
            shown = term.screenshot(unlike=shown)
            # The pointer rests over a word of the text (focus follows it: it stays in the window).
            code_rows = [r for r in layout["code"] if rows[r][gutter:].strip()]
            r = rng.choice(code_rows)
            word = rng.choice(list(re.finditer(r"\S+", rows[r][gutter:])))
            cells = grid.cells(r, gutter + word.start(), gutter + word.end())
            pointer = (cells["x"] + cells["width"] // 2, cells["y"] + cells["height"] // 2)
            run(["xdotool", "mousemove", str(pointer[0]), str(pointer[1])], env=term.env)
            time.sleep(0.1)
            term.cursor(False)
            clean_bytes = term.screenshot(unlike=shown)
            term.cursor(True)
            term.screenshot(like=shown)
            picture = x11grab(term)
            clean = Image.frombytes("RGB", term.screen_size, clean_bytes)
            with_cursor = Image.frombytes("RGB", term.screen_size, shown)
            drawn = ImageChops.difference(picture, with_cursor).getbbox()
            if not drawn or not (drawn[0] - 48 <= pointer[0] <= drawn[2] + 48 and drawn[1] - 48 <= pointer[1] <= drawn[3] + 48) \
                    or drawn[2] - drawn[0] > 64 or drawn[3] - drawn[1] > 64:
                die(f"{clip.file} screen {index}: x11grab's picture differs from xwd's by {drawn}, not by a pointer at {pointer}")
            if rows != pane_rows(term):
                die(f"{clip.file} screen {index}: the pane changed while it was photographed")
            regions = terminal_regions(grid, clean, rows, layout, style, plan.language, gutter)
            regions[0]["source"] = {"command": plan.command, "program": plan.program,
                                    "pointer": {"x": pointer[0], "y": pointer[1], "box": box(*drawn)},
                                    "cursor": dict(zip(("x", "y"), map(int, term.tmux(
                                        "display-message", "-p", "-t", "index", "#{cursor_x},#{cursor_y}").strip().split(","))))}
            shots.append((picture, regions, plan))
            if plan.program == "less":
                send(term, "q", until=lambda t, c: t.split("\n")[-1].startswith(style.prompt.rstrip()))
            elif plan.program == "nano":
                send(term, "C-x", key=True, until=lambda t, c: t.split("\n")[-1].startswith(style.prompt.rstrip()))
            elif plan.program == "vim":
                send(term, "Escape", key=True, until=lambda t, c: True)
                send(term, ":q!", until=lambda t, c: True)
                send(term, "Enter", key=True, until=lambda t, c: t.split("\n")[-1].startswith(style.prompt.rstrip()))
        terminal = {"program": "xterm under Xvfb, tmux inside with its status bar off, bash",
                    "font": {"name": style.font[0], "points": style.font[1], "dpi": 96,
                             "width": grid.cw, "height": grid.ch},
                    "columns": grid.cols, "rows": grid.rows, "pointer": "drawn by ffmpeg x11grab -draw_mouse 1"}
    return shots, terminal


def send(term, keys, enter=False, key=False, until=None):
    """Type keys (or press a key by tmux's name), then wait until until(text, cursor) holds."""
    if key:
        term.tmux("send-keys", "-t", "index", keys)
    else:
        term.tmux("send-keys", "-t", "index", "-l", keys)
    if enter:
        term.tmux("send-keys", "-t", "index", "Enter")
    return term.wait_for(until or (lambda t, c: True))


# What the excerpts hold -----------------------------------------------------------------------

def features(lines):
    """The hard cases of issue 13 that a block of lines has, by name."""
    filled = [(len(line) - len(line.lstrip(" ")), line.strip()) for line in lines if line.strip()]
    found = set()
    if not filled:
        return found
    if filled[0][0] > min(indent for indent, _ in filled):
        found.add("starts deeper than it goes")
    if any(not any(ch.isalnum() for ch in text) for _, text in filled):
        found.add("a line of punctuation only")
    for before, blank, after in zip(lines, lines[1:], lines[2:]):
        if before.strip() and not blank.strip() and after.strip() and \
                len(after) - len(after.lstrip(" ")) < len(before) - len(before.lstrip(" ")):
            found.add("a blank line, then a shallower one")
    quotes = ('"""', "'''")
    if any(text.startswith(quotes) or text.endswith(quotes) for _, text in filled):
        found.add("a docstring's quotes")
    if any(text.startswith(("/*", "*/", "* ")) or text == "*" for _, text in filled):
        found.add("a block comment")
    if 3 * sum(1 for _, text in filled if text.startswith(("#", "//", "--", '"'))) >= len(filled):
        found.add("a third or more comment lines")
    return found


def feature_counts(truths):
    """How many code blocks have each of the hard cases, as one line."""
    counts, blocks = {}, 0
    for truth in truths:
        for slide in truth["slides"]:
            for r in slide["regions"]:
                if r["kind"] == "code":
                    blocks += 1
                    for name in features([line["text"] for line in r["lines"]]):
                        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{n} {name}" for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))) + \
        f" (of {blocks} code blocks)"


# Clips --------------------------------------------------------------------------------------

def encode(pictures, clip, out, work):
    """Encode pictures (display-sized RGB images), SECONDS_PER_SCREEN each, as the clip stores them."""
    inputs = []
    for k, picture in enumerate(pictures):
        png = work / f"{out.stem}-{k}.png"
        picture.save(png)
        inputs += ["-loop", "1", "-framerate", str(FPS), "-t", str(SECONDS_PER_SCREEN), "-i", png]
    squeeze = ""
    if getattr(clip, "storage", "none") == "anamorphic":
        squeeze = f",scale={clip.width * 3 // 4}:{clip.height}:flags=bicubic,setsar=4/3"
    graph = "".join(f"[{i}:v]" for i in range(len(pictures))) + \
        f"concat=n={len(pictures)}:v=1:a=0{squeeze},format=yuv420p[v]"
    encoder = [str(clip.crf) if a == "{crf}" else a for a in H264]
    ffmpeg(*inputs, "-filter_complex", graph, "-map", "[v]", *encoder, "-movflags", "+faststart", *BITEXACT, out)


def clip_truth(clip, out, pictures, slides, split_name, width, height, content):
    """The truth of an encoded clip, after checking that it decodes to what was drawn."""
    per = FPS * SECONDS_PER_SCREEN
    p = probe(out)
    check_timing(out, p, Fraction(FPS), per * len(pictures))
    truth = common_truth(out.name, "talk", "mp4", p)
    if truth["display"] != {"width": width, "height": height}:
        die(f"{out}: displays as {truth['display']}, expected {width}x{height}")
    truth["split"] = split_name
    truth["content_area"] = content
    truth["slides"] = slides
    indices = [n for s in slides for n in (s["first_frame"], s["last_frame"])]
    decoded = decode_selected(out, width, height, indices)
    rendered = [picture.convert("L") for picture in pictures]
    for n, frame in zip(indices, decoded):
        scores = [mean_difference(frame, r) for r in rendered]
        best = min(range(len(scores)), key=scores.__getitem__)
        if best != n // per or scores[best] > 4:
            die(f"{out}: frame {n} looks like screen {best} (differences {scores})")
    return truth


def slide_entries(regions_list, palettes, polarities, content):
    """The truth of each screen of a clip, SECONDS_PER_SCREEN each."""
    per = FPS * SECONDS_PER_SCREEN
    slides = []
    for index, (regions, palette, polarity) in enumerate(zip(regions_list, palettes, polarities)):
        finish_regions(regions)
        slides.append({"index": index, "start": seconds(Fraction(index * per, FPS)),
                       "end": seconds(Fraction((index + 1) * per, FPS)), "first_frame": index * per,
                       "last_frame": (index + 1) * per - 1, "theme": polarity, "palette": palette,
                       "content_area": content, "regions": regions})
    return slides


def make_slide_clip(clip, split, sources, used, work):
    pictures, regions_list, excerpts = [], [], []
    for index, slide in enumerate(clip.slides):
        rng = random.Random(f"{split.SEED}:{clip.file}:{index}")
        image, regions, cut = render_cut_slide(clip, slide, index, rng, sources, used, split.SEED)
        pictures.append(image)
        regions_list.append(regions)
        excerpts += cut
    x, y, w, h = clip.content or (0, 0, clip.width, clip.height)
    content = box(x, y, x + w, y + h)
    slides = slide_entries(regions_list, [s.palette for s in clip.slides],
                           [PALETTES[s.palette]["polarity"] for s in clip.slides], content)
    out = work / clip.file
    encode(pictures, clip, out, work)
    truth = clip_truth(clip, out, pictures, slides, split.NAME, clip.width, clip.height, content)
    if clip.content:
        frames = decode_selected(out, clip.width, clip.height, [s["first_frame"] for s in slides])
        for n, frame in enumerate(frames):
            for bar in bars(clip):
                if frame.crop(bar).getextrema()[1] > 24:
                    die(f"{out}: screen {n} is not black in the bar {bar}")
    return truth, excerpts


def make_terminal_clip(clip, split, sources, dir_pools, used, work):
    shots, terminal = record_terminal_clip(clip, split, sources, dir_pools, used, work)
    width, height = clip.style.screen
    polarity = "light" if luminance(clip.style.background) > 0.5 else "dark"
    content = box(0, 0, width, height)
    slides = slide_entries([regions for _, regions, _ in shots], [None] * len(shots), [polarity] * len(shots),
                           content)
    out = work / clip.file
    pictures = [picture for picture, _, _ in shots]
    encode(pictures, clip, out, work)
    truth = clip_truth(clip, out, pictures, slides, split.NAME, width, height, content)
    truth["terminal"] = terminal
    return truth, [plan for _, _, plan in shots]


def main(doc):
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--split", choices=SPLIT_NAMES, required=True)
    parser.add_argument("--out", type=Path, help="where the split's directory goes (default .build/real-cuts)")
    parser.add_argument("--overlays", type=Path, help="also write frames with truth boxes drawn on them here")
    options = parser.parse_args()
    split = split_module(options.split)
    programs = {screen.program for clip in split.TERMINAL_CLIPS for screen in clip.screens}
    for tool in ("ffmpeg", "ffprobe", "xdotool", "vim", "less") + (("nano",) if "nano" in programs else ()):
        if shutil.which(tool) is None:
            die(f"{tool} not found (scripts/bootstrap installs what make-real-cuts needs)")
    for clip in split.SLIDE_CLIPS:
        for slide in clip.slides:
            for key in (slide.font, slide.text_font, slide.title_font):
                if not SCREEN_FONTS[key][0].is_file():
                    die(f"font {SCREEN_FONTS[key][0]} missing (scripts/bootstrap installs it)")
    began = time.monotonic()
    target = (options.out or OUT_ROOT) / options.split
    sources = Sources(split.POOLS)
    used = set()
    with tempfile.TemporaryDirectory(prefix="make-real-cuts-") as tmp:
        work = Path(tmp)
        outputs, described = {}, []
        for clip in split.SLIDE_CLIPS:
            started = time.monotonic()
            truth, excerpts = make_slide_clip(clip, split, sources, used, work)
            outputs[clip.file] = truth
            described.append((clip.file, time.monotonic() - started,
                              [f"{e.language} {e.path}:{e.first}-{e.last}" for e in excerpts]))
        for clip in split.TERMINAL_CLIPS:
            started = time.monotonic()
            truth, plans = make_terminal_clip(clip, split, sources, split.DIRECTORIES, used, work)
            outputs[clip.file] = truth
            described.append((clip.file, time.monotonic() - started, [p.command for p in plans]))
        # Issue 14's material (the reading splits): roles on every region, what each screen shows,
        # burned-in captions and slides filmed at an angle.
        materials = getattr(split, "MATERIAL", {})
        if materials:
            from .reading_cuts import add_roles, make_caption_clip, make_skew_clip, stamp
            terminals = {clip.file for clip in split.TERMINAL_CLIPS}
            for file, truth in outputs.items():
                add_roles(truth, terminal=file in terminals)
            for clip in split.CAPTION_CLIPS:
                started = time.monotonic()
                outputs[clip.file], what = make_caption_clip(clip, split, sources, used, work)
                described.append((clip.file, time.monotonic() - started, what))
            for clip in split.SKEW_CLIPS:
                started = time.monotonic()
                outputs[clip.file], excerpts = make_skew_clip(clip, split, sources, used, work)
                described.append((clip.file, time.monotonic() - started,
                                  [f"{e.language} {e.path}:{e.first}-{e.last}" for e in excerpts]))
            for file, truth in outputs.items():
                stamp(truth, materials[file])
        check_unique_screens(outputs.values())

        staging = target.parent / f".{target.name}.new"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        manifest = []
        for file in sorted(outputs):
            shutil.copyfile(work / file, staging / file)
            write_json(staging / truth_path(file), outputs[file])
            manifest.append({"file": file, "truth": truth_path(file), "kind": "talk"})
        write_json(staging / "manifest.json", {"clips": manifest, "split": split.NAME, "generator": generator_fingerprint(ROOT),
                                               "seed": split.SEED})
        shutil.rmtree(target, ignore_errors=True)
        staging.rename(target)

    frames = sum(len(t["slides"]) for t in outputs.values())
    blocks = sum(1 for t in outputs.values() for s in t["slides"] for r in s["regions"] if r["kind"] == "code")
    size = sum(f.stat().st_size for f in target.iterdir())
    if not getattr(split, "SEALED", False):
        for file, spent, what in described:
            print(f"{file} ({spent:.0f} s)")
            for line in what:
                print(f"  {line}")
        print(f"what the code blocks hold: {feature_counts(outputs.values())}")
    skipped = ", ".join(f"{n} {reason}" for reason, n in sorted(sources.skipped.items(), key=lambda kv: -kv[1]))
    print(f"{target}: {len(outputs)} clips, {frames} frames, {blocks} code blocks, {size / 1e6:.1f} MB "
          f"in {time.monotonic() - began:.0f} s")
    print(f"draws refused: {skipped or 'none'}")
    if options.overlays:
        for file in sorted(outputs):
            draw_overlays(target / file, outputs[file], options.overlays)
        print(f"overlays in {options.overlays}")
