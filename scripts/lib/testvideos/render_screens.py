"""The screen clips' renderer: editors, terminals and decks on a frame of any size. As on
the slides (render_slides), every word is drawn on its own and its ink measured; a word may
be drawn in several colours (syntax highlighting), each piece at its own column.
"""

from PIL import Image, ImageDraw, ImageFont

from .canvas import InkCanvas
from .common import box, die, union
from .highlight import code_roles, session_roles
from .model import Bullets, CodeBlock, Editor, Terminal, Text
from .render_slides import COLUMN_GAP
from .themes import PALETTES, SCREEN_FONTS, SCREEN_FONT_FACES, color


# What a reader copying a row of separate items (tabs, status entries) puts between them.
ITEM_GAP = "   "


def screen_font(key, size, _cache={}):
    """A face laid out glyph by glyph, without ligatures or shaping, as editors and terminals draw."""
    if (key, size) not in _cache:
        _cache[(key, size)] = ImageFont.truetype(str(SCREEN_FONTS[key][0]), size,
                                                 index=SCREEN_FONT_FACES.get(key, 0),
                                                 layout_engine=ImageFont.Layout.BASIC)
    return _cache[(key, size)]


def screen_font_info(key, size, line_height):
    _, name, monospace = SCREEN_FONTS[key]
    info = {"name": name, "size": size, "line_height": line_height}
    if monospace:
        info["cell_width"] = round(screen_font(key, size).getlength("0"), 4)
    return info


def missing_glyph(key, size, text, _seen={}):
    """A character of text the font would draw as its missing-glyph box, or None."""
    face = screen_font(key, size)

    def drawn(ch):
        image = Image.new("L", (2 * size, 2 * size), 0)
        ImageDraw.Draw(image).text((0, 0), ch, font=face, fill=255)
        return image.tobytes()

    if (key, size) not in _seen:
        _seen[(key, size)] = (set(), drawn("\u0378"))   # an unassigned code point: the font's missing glyph
    known, missing = _seen[(key, size)]
    for ch in sorted(set(text) - known - {" "}):
        if drawn(ch) == missing:
            return ch
        known.add(ch)
    return None


def check_glyphs(key, size, text):
    """Die if the font would draw a missing-glyph box for some character of text."""
    ch = missing_glyph(key, size, text)
    if ch is not None:
        die(f"{SCREEN_FONTS[key][1]} has no glyph for {ch!r}")


class Canvas(InkCanvas):
    """A frame of any size; a word may be drawn in several colours."""

    def fill(self, rect, colour, radius=0):
        corners = (rect["x"], rect["y"], rect["x"] + rect["width"] - 1, rect["y"] + rect["height"] - 1)
        if radius:
            self.draw.rounded_rectangle(corners, radius=radius, fill=colour)
        else:
            self.draw.rectangle(corners, fill=colour)

    def line(self, x, y, text, key, size, colour_at):
        """Draw a line word by word at the columns a layout of the whole line gives;
        colour_at(i) is the colour of character i."""
        if text != text.rstrip():
            die(f"trailing whitespace in {text!r}")
        check_glyphs(key, size, text)

        def pieces(match):
            """The word's runs of one colour."""
            runs = []
            for i in range(match.start(), match.end()):
                if runs and runs[-1][2] == colour_at(i):
                    runs[-1][1] += text[i]
                else:
                    runs.append([i - match.start(), text[i], colour_at(i)])
            return runs

        return self.words(x, y, text, screen_font(key, size), pieces)

    def items(self, y, placed, key, size):
        """One row of separately placed (x, text, colour) items, such as tabs, as one truth line."""
        placed = sorted(placed)
        words = []
        for x, text, colour in placed:
            words += self.line(x, y, text, key, size, lambda i: colour)["words"]
        if any(a["bbox"]["x"] + a["bbox"]["width"] >= b["bbox"]["x"] for a, b in zip(words, words[1:])):
            die(f"items overlap: {[t for _, t, _ in placed]}")
        return {"text": ITEM_GAP.join(t for _, t, _ in placed), "indent": 0,
                "bbox": union(w["bbox"] for w in words), "words": words}


BLANK_LINE = {"text": "", "indent": 0, "bbox": None, "words": []}


def screen_region(kind, polarity, lines, key, size, line_height, **extra):
    return {
        "kind": kind,
        "theme": polarity,
        "bbox": union(line["bbox"] for line in lines),
        "text": "\n".join(line["text"] for line in lines),
        "lines": lines,
        "font": screen_font_info(key, size, line_height),
        **extra,
    }


def centred(face, top, height):
    """The y origin that centres a face's ascender-to-descender span in a row."""
    ascent, descent = face.getmetrics()
    return top + (height - ascent - descent) // 2


# Editors ------------------------------------------------------------------

def render_editor(canvas, screen, style, area):
    """An editor window filling area: [sidebar] tabs, gutter + code, status bar. Returns regions."""
    p = style.palette
    polarity = PALETTES[p]["polarity"]
    x0, y0, width, height = area
    right, bottom = x0 + width, y0 + height
    canvas.fill(box(x0, y0, right, bottom), color(p, "background"))
    ui = screen_font(style.ui_font, style.ui_size)
    regions = []
    status = box(x0, bottom - style.status_height, right, bottom)
    left = x0

    if style.activity_width:
        canvas.fill(box(x0, y0, x0 + style.activity_width, status["y"]), color(p, "activity"))
        for k in range(4):      # icons: shapes, not text
            cx, cy = x0 + style.activity_width // 2, y0 + 30 + k * 54
            canvas.draw.rounded_rectangle((cx - 11, cy - 11, cx + 11, cy + 11), radius=4,
                                          outline=color(p, "chrome_text"), width=2)
        left += style.activity_width

    if screen.sidebar:
        canvas.fill(box(left, y0, left + style.sidebar_width, status["y"]), color(p, "sidebar"))
        row = round(style.ui_size * 1.6)
        rows = []
        for k, entry in enumerate(screen.sidebar):
            depth = (len(entry) - len(entry.lstrip(" "))) // 2
            name = entry.strip()
            selected, folder = name.startswith("*"), name.endswith("/")
            name = name.strip("*/")
            top = y0 + 8 + k * row
            if selected:
                canvas.fill(box(left, top, left + style.sidebar_width, top + row), color(p, "sidebar_selected"))
            x = left + 20 + depth * 12
            if folder:          # an open-folder chevron, drawn
                cx, cy = x - 9, top + row // 2
                canvas.draw.line((cx - 4, cy - 2, cx, cy + 2, cx + 4, cy - 2), fill=color(p, "sidebar_text"))
            rows.append(canvas.items(centred(ui, top, row), [(x, name, color(p, "sidebar_text"))],
                                     style.ui_font, style.ui_size))
        regions.append(screen_region("ui", polarity, rows, style.ui_font, style.ui_size, row, chrome="sidebar"))
        left += style.sidebar_width

    # Tabs: one row of labels, the shown file on the editor's own background.
    canvas.fill(box(left, y0, right, y0 + style.tab_height), color(p, "chrome"))
    pad = round(style.ui_size * 1.3)
    x, placed = left, []
    for name in screen.tabs:
        tab_width = round(ui.getlength(name)) + 2 * pad
        active = name == screen.active
        if active:
            canvas.fill(box(x, y0, x + tab_width, y0 + style.tab_height), color(p, "tab_active"))
        canvas.draw.line((x + tab_width, y0, x + tab_width, y0 + style.tab_height - 1),
                         fill=color(p, "background"))
        placed.append((x + pad, name, color(p, "tab_active_text" if active else "chrome_text")))
        x += tab_width + 1
    if screen.active not in screen.tabs:
        die(f"active tab {screen.active} is not among {screen.tabs}")
    tabs = canvas.items(centred(ui, y0, style.tab_height), placed, style.ui_font, style.ui_size)
    regions.append(screen_region("ui", polarity, [tabs], style.ui_font, style.ui_size, style.tab_height,
                                 chrome="tabs"))
    if "border" in PALETTES[p]:
        canvas.draw.line((left, y0 + style.tab_height, right, y0 + style.tab_height), fill=color(p, "border"))
        canvas.draw.line((x0, status["y"] - 1, right, status["y"] - 1), fill=color(p, "border"))

    # Gutter and code.
    face = screen_font(style.font, style.size)
    cell = face.getlength("0")
    source = screen.source.split("\n")
    numbers = [screen.first_line + i for i in range(len(source))]
    digits = max(3, len(str(numbers[-1])))
    numbers_right = left + round(cell * (1 + digits))
    code_left = numbers_right + round(cell * (style.gutter_gap + 1))
    top = y0 + style.tab_height + 6
    lift = centred(face, 0, style.line_height)
    cursor_line, cursor_column = screen.cursor
    if not numbers[0] <= cursor_line <= numbers[-1] or cursor_column > len(source[cursor_line - numbers[0]]) + 1:
        die(f"cursor {screen.cursor} is not in the {screen.language} screen")
    roles = code_roles(screen.language, source)
    indents = [len(t) - len(t.lstrip(" ")) if t.strip() else None for t in source]
    lines = []
    for i, (n, text) in enumerate(zip(numbers, source)):
        row = top + i * style.line_height
        if row + style.line_height > status["y"] - 2:
            die(f"{screen.language} screen has more lines than the editor shows")
        if n == cursor_line:
            canvas.fill(box(left, row, right, row + style.line_height), color(p, "line_highlight"))
        if style.indent_guides:
            # Blank lines carry the guides of the lines around them.
            guide = indents[i] if indents[i] is not None else min(
                next((d for d in indents[i::-1] if d is not None), 0),
                next((d for d in indents[i:] if d is not None), 0))
            for column in range(0, guide, screen.indent_unit):
                gx = code_left + round(column * cell)
                canvas.draw.line((gx, row, gx, row + style.line_height - 1), fill=color(p, "indent_guide"))
        number = canvas.line(numbers_right - face.getlength(str(n)), row + lift, str(n), style.font, style.size,
                             lambda k: color(p, "gutter_active" if n == cursor_line else "gutter"))
        if text.strip():
            line = canvas.line(code_left, row + lift, text, style.font, style.size,
                               lambda k: color(p, roles[i][k]))
            if line["bbox"]["x"] + line["bbox"]["width"] > right - 12:
                die(f"{screen.language} line does not fit the editor: {text!r}")
        else:
            line = dict(BLANK_LINE)
        line["number"] = n
        line["number_bbox"] = number["bbox"]
        lines.append(line)
    panel = box(code_left - round(cell), y0 + style.tab_height, right, status["y"])
    regions.append(screen_region("code", polarity, lines, style.font, style.size, style.line_height,
                                 language=screen.language, panel=panel,
                                 gutter=union(line["number_bbox"] for line in lines)))

    # Status bar: items from the left edge and from the right edge.
    canvas.fill(status, color(p, "status"))
    placed, x = [], x0 + 14
    for item in screen.status_left:
        placed.append((x, item, color(p, "status_text")))
        x += round(ui.getlength(item)) + 28
    x = right - 16
    for item in reversed(screen.status_right):
        x -= round(ui.getlength(item))
        placed.append((x, item, color(p, "status_text")))
        x -= 28
    bar = canvas.items(centred(ui, status["y"], style.status_height), placed, style.ui_font, style.ui_size)
    regions.append(screen_region("ui", polarity_of(color(p, "status_text"), color(p, "status")), [bar], style.ui_font, style.ui_size, style.status_height,
                                 chrome="status"))
    return regions


def polarity_of(text_colour, ground):
    """The truth's theme for text of one colour on another: light = dark text on a light ground."""
    def luminance(hex_colour):
        r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "light" if luminance(text_colour) < luminance(ground) else "dark"


# Terminals ----------------------------------------------------------------

TERMINAL_TITLE_FONT, TERMINAL_TITLE_SIZE, TERMINAL_TITLE_HEIGHT = "dejavu-sans", 14, 34
TERMINAL_PAD = 10


def render_terminal(canvas, screen, area):
    """A terminal window filling area: [title bar] session text [tmux status line]. Returns regions."""
    p = screen.palette
    polarity = PALETTES[p]["polarity"]
    x0, y0, width, height = area
    right, bottom = x0 + width, y0 + height
    canvas.fill(box(x0, y0, right, bottom), color(p, "background"))
    regions = []
    top = y0
    if screen.title:
        bar = box(x0, y0, right, y0 + TERMINAL_TITLE_HEIGHT)
        canvas.fill(bar, color(p, "chrome"))
        face = screen_font(TERMINAL_TITLE_FONT, TERMINAL_TITLE_SIZE)
        x = x0 + (width - face.getlength(screen.title)) / 2
        title = canvas.items(centred(face, y0, TERMINAL_TITLE_HEIGHT), [(x, screen.title, color(p, "chrome_text"))],
                             TERMINAL_TITLE_FONT, TERMINAL_TITLE_SIZE)
        regions.append(screen_region("ui", polarity, [title], TERMINAL_TITLE_FONT, TERMINAL_TITLE_SIZE,
                                     TERMINAL_TITLE_HEIGHT, chrome="title"))
        top = bar["y"] + bar["height"]
    face = screen_font(screen.font, screen.size)
    text_bottom = bottom - (screen.line_height if screen.tmux else 0)
    lift = centred(face, 0, screen.line_height)
    lines = []
    for i, text in enumerate(screen.session.split("\n")):
        row = top + TERMINAL_PAD + i * screen.line_height
        if row + screen.line_height > text_bottom:
            die("terminal session has more lines than the window shows")
        if text.strip():
            roles = session_roles(text)
            line = canvas.line(x0 + TERMINAL_PAD, row + lift, text, screen.font, screen.size,
                               lambda k: color(p, roles[k]))
            if line["bbox"]["x"] + line["bbox"]["width"] > right - TERMINAL_PAD:
                die(f"terminal line does not fit: {text!r}")
        else:
            line = dict(BLANK_LINE)
        line["number"] = None
        lines.append(line)
    regions.append(screen_region("code", polarity, lines, screen.font, screen.size, screen.line_height,
                                 language="shell", panel=box(x0, top, right, text_bottom), gutter=None))
    if screen.tmux:
        bar = box(x0, text_bottom, right, bottom)
        canvas.fill(bar, color(p, "status"))
        left_text, right_text = screen.tmux
        placed = [(x0 + 2, left_text, color(p, "status_text")),
                  (right - 2 - face.getlength(right_text), right_text, color(p, "status_text"))]
        status = canvas.items(bar["y"] + lift, placed, screen.font, screen.size)
        regions.append(screen_region("ui", polarity_of(color(p, "status_text"), color(p, "status")),
                                     [status], screen.font, screen.size, screen.line_height, chrome="status"))
    return regions


# Decks --------------------------------------------------------------------

def wrap(text, face, width):
    lines, current = [], ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and face.getlength(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return lines + [current]


def render_block(canvas, block, palette, left, top, width):
    """Draw one deck block from (left, top) in a column of width; return (regions, bottom)."""
    polarity = PALETTES[palette]["polarity"]
    if isinstance(block, Text):
        face = screen_font(block.font, block.size)
        line_height = round(block.size * block.spacing)
        lines = []
        for i, text in enumerate(wrap(block.text, face, width)):
            lines.append(canvas.line(left, top + i * line_height, text, block.font, block.size,
                                     lambda k: color(palette, block.role)))
        return [screen_region("text", polarity, lines, block.font, block.size, line_height)], \
            top + len(lines) * line_height
    if isinstance(block, Bullets):
        face = screen_font(block.font, block.size)
        line_height = round(block.size * block.spacing)
        x_top, x_bottom = face.getbbox("x")[1], face.getbbox("x")[3]
        radius = max(3, round(block.size / 6))
        lines = []
        for i, item in enumerate(block.items):
            y = top + i * line_height
            cy = y + (x_top + x_bottom) // 2
            # The marker is a drawn dot; on screen it reads as a bullet, so the truth has "•".
            canvas.draw.ellipse((left + 2, cy - radius, left + 2 + 2 * radius, cy + radius),
                                fill=color(palette, "bullet"))
            line = canvas.line(left + 2 + 2 * radius + round(block.size * 0.6), y, item, block.font, block.size,
                               lambda k: color(palette, "text"))
            if line["bbox"]["x"] + line["bbox"]["width"] > left + width:
                die(f"bullet {item!r} does not fit its column")
            marker = {"text": "\u2022", "bbox": box(left + 2, cy - radius, left + 3 + 2 * radius, cy + radius + 1)}
            line["words"].insert(0, marker)
            line["text"] = "\u2022 " + line["text"]
            line["bbox"] = union([marker["bbox"], line["bbox"]])
            lines.append(line)
        return [screen_region("text", polarity, lines, block.font, block.size, line_height)], \
            top + len(lines) * line_height
    if isinstance(block, CodeBlock):
        panel_palette = block.palette or palette
        face = screen_font(block.font, block.size)
        line_height = round(block.size * block.spacing)
        source = block.source.split("\n")
        pad_x, pad_y = round(block.size * 0.9), round(block.size * 0.8)
        panel = box(left, top, left + width, top + 2 * pad_y + line_height * len(source))
        canvas.fill(panel, color(panel_palette, "panel"), radius=8)
        roles = code_roles(block.language, source)
        lift = centred(face, 0, line_height)
        lines = []
        for i, text in enumerate(source):
            if text.strip():
                line = canvas.line(left + pad_x, top + pad_y + i * line_height + lift, text, block.font, block.size,
                                   lambda k: color(panel_palette, roles[i][k]))
                if line["bbox"]["x"] + line["bbox"]["width"] > left + width - pad_x // 2:
                    die(f"{block.language} line does not fit its panel: {text!r}")
            else:
                line = dict(BLANK_LINE)
            line["number"] = None
            lines.append(line)
        return [screen_region("code", PALETTES[panel_palette]["polarity"], lines, block.font, block.size,
                              line_height, language=block.language, panel=panel, gutter=None)], \
            panel["y"] + panel["height"]
    die(f"unknown deck block {block!r}")


def render_deck(canvas, deck, area):
    """A slide filling area. Returns regions."""
    p = deck.palette
    x0, y0, width, height = area
    canvas.fill(box(x0, y0, x0 + width, y0 + height), color(p, "background"))
    left, column = x0 + deck.margin, width - 2 * deck.margin
    y, regions = y0 + deck.top, []
    for block in deck.blocks:
        found, end = render_block(canvas, block, p, left, y, column)
        regions += found
        y = end + deck.gap
    if deck.columns:
        first, second, first_width = deck.columns
        found, _ = render_block(canvas, first, p, left, y + 8, first_width)
        regions += found
        found, _ = render_block(canvas, second, p, left + first_width + COLUMN_GAP, y, column - first_width - COLUMN_GAP)
        regions += found
    for k, text in enumerate(deck.footer):
        if text is None:
            continue
        face = screen_font(text.font, text.size)
        line_height = round(text.size * text.spacing)
        x = left if k == 0 else x0 + width - deck.margin - face.getlength(text.text)
        found, _ = render_block(canvas, text, p, x, y0 + height - 24 - line_height, column)
        regions += found
    limit = y0 + height - 8
    for r in regions:
        if r["bbox"]["y"] + r["bbox"]["height"] > limit or \
                ("panel" in r and r["panel"]["y"] + r["panel"]["height"] > limit):
            die(f"deck region {r['text'][:30]!r} runs off the slide")
    return regions


def render_screen(clip, screen):
    """Draw one screen of a clip on a black frame (bars stay black); return (image, palette, regions)."""
    canvas = Canvas(clip.width, clip.height, "#000000")
    area = clip.content or (0, 0, clip.width, clip.height)
    if isinstance(screen, Editor):
        return canvas.image, clip.editor.palette, render_editor(canvas, screen, clip.editor, area)
    if isinstance(screen, Terminal):
        return canvas.image, screen.palette, render_terminal(canvas, screen, area)
    return canvas.image, screen.palette, render_deck(canvas, screen, area)
