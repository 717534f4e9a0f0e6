"""The talk slides' renderer (talk clips, the HLS slides, the index talk): a title, bullets
and a code panel on a 1280x720 slide in one of two themes, every word drawn on its own and its
ink box measured (canvas.InkCanvas, which the screen clips' renderer draws on too).
"""

from PIL import ImageFont

from .canvas import InkCanvas
from .common import box, die, union
from .themes import COMMENT_MARKERS, FONTS, FONT_NAMES, KEYWORDS, THEMES


SLIDE_W, SLIDE_H = 1280, 720


def font(name, size, _cache={}):
    key = (name, size)
    if key not in _cache:
        _cache[key] = ImageFont.truetype(str(FONTS[name]), size)
    return _cache[key]


TITLE_XY = (64, 36)
BODY_TOP = 124
MARGIN = 64
COLUMN_GAP = 30
BULLET_COLUMN = 470
CODE_PAD_X, CODE_PAD_Y = 20, 18


class SlideCanvas(InkCanvas):
    """A slide in one of THEMES; a word is drawn in one colour."""

    def __init__(self, theme):
        self.theme = THEMES[theme]
        super().__init__(SLIDE_W, SLIDE_H, self.theme.background)

    def line(self, x, y, text, face, color_of_word):
        """Draw a line word by word at the positions a text layout of the whole line gives;
        color_of_word(word, column) is a word's colour."""
        def pieces(match):
            return [(0, match.group(), color_of_word(match.group(), match.start()))]

        return self.words(x, y, text, face, pieces)


def font_info(name, size, line_height):
    info = {"name": FONT_NAMES[name], "size": size, "line_height": line_height}
    if name.startswith("mono"):
        info["cell_width"] = round(font(name, size).getlength("0"), 4)
    return info


def region(kind, theme, lines, font_name, size, line_height, **extra):
    return {
        "kind": kind,
        "theme": theme,
        "bbox": union(line["bbox"] for line in lines),
        "text": "\n".join(line["text"] for line in lines),
        "lines": lines,
        "font": font_info(font_name, size, line_height),
        **extra,
    }


def render_title(canvas, slide_theme, title):
    face = font("sans-bold", 44)
    line = canvas.line(*TITLE_XY, title, face, lambda w, i: canvas.theme.title)
    return region("text", slide_theme, [line], "sans-bold", 44, 54)


def render_bullets(canvas, slide_theme, items, left, top, width):
    face = font("sans", 30)
    line_height = 56
    lines = []
    for i, item in enumerate(items):
        y = top + i * line_height
        # The marker is a drawn dot; on screen it reads as a bullet, so the truth has "•".
        cy = y + 19
        canvas.draw.ellipse((left + 2, cy - 5, left + 12, cy + 5), fill=canvas.theme.bullet)
        line = canvas.line(left + 30, y, item, face, lambda w, i: canvas.theme.text)
        if line["bbox"]["x"] + line["bbox"]["width"] > left + width:
            die(f"bullet {item!r} does not fit its column")
        marker = {"text": "\u2022", "bbox": box(left + 2, cy - 5, left + 13, cy + 6)}
        line["words"].insert(0, marker)
        line["text"] = "\u2022 " + line["text"]
        line["bbox"] = union([marker["bbox"], line["bbox"]])
        lines.append(line)
    return region("text", slide_theme, lines, "sans", 30, line_height)


def render_code(canvas, block, slide_theme, left, top, width, rows=0):
    """A code panel of the block's lines, at least `rows` lines tall (room for code still being typed)."""
    theme_name = block.theme or slide_theme
    theme = THEMES[theme_name]
    face = font("mono", block.size)
    line_height = round(block.size * 1.34)
    source_lines = block.source.split("\n")
    panel = box(left, top, left + width, top + 2 * CODE_PAD_Y + line_height * max(rows, len(source_lines)))
    canvas.draw.rounded_rectangle(
        (panel["x"], panel["y"], panel["x"] + panel["width"] - 1, panel["y"] + panel["height"] - 1),
        radius=8, fill=theme.panel)
    keywords = set(KEYWORDS[block.language].split())
    marker = COMMENT_MARKERS[block.language]

    lines = []
    for i, text in enumerate(source_lines):
        if text != text.rstrip():
            die(f"trailing whitespace in {block.language} line {text!r}")
        comment_from = text.find(marker) if text.lstrip().startswith(marker) or f" {marker} " in text else -1

        def color(word, start):
            if comment_from >= 0 and start >= comment_from:
                return theme.comment
            if word.strip("(){}[];:,.") in keywords:
                return theme.keyword
            if word[0] in "\"'`" or word.startswith('f"'):
                return theme.string
            return theme.code

        y = panel["y"] + CODE_PAD_Y + i * line_height
        if text.strip():
            line = canvas.line(panel["x"] + CODE_PAD_X, y, text, face, color)
            right = line["bbox"]["x"] + line["bbox"]["width"]
            if right > panel["x"] + panel["width"] - CODE_PAD_X // 2:
                die(f"{block.language} line does not fit its panel: {text!r}")
        else:
            line = {"text": "", "indent": 0, "bbox": None, "words": []}
        lines.append(line)
    if panel["y"] + panel["height"] > SLIDE_H - 8:
        die(f"{block.language} code panel runs off the slide")
    return region("code", theme_name, lines, "mono", block.size, line_height,
                  language=block.language, panel=panel)


def render_slide(slide, theme, code_rows=0):
    canvas = SlideCanvas(theme)
    regions = [render_title(canvas, theme, slide.title)]
    full_width = SLIDE_W - 2 * MARGIN
    if slide.bullets and slide.code:
        regions.append(render_bullets(canvas, theme, slide.bullets, MARGIN, BODY_TOP + 8, BULLET_COLUMN))
        code_left = MARGIN + BULLET_COLUMN + COLUMN_GAP
        regions.append(render_code(canvas, slide.code, theme, code_left, BODY_TOP, SLIDE_W - MARGIN - code_left,
                                   code_rows))
    elif slide.bullets:
        regions.append(render_bullets(canvas, theme, slide.bullets, MARGIN, BODY_TOP + 8, full_width))
    elif slide.code:
        regions.append(render_code(canvas, slide.code, theme, MARGIN, BODY_TOP, full_width, code_rows))
    return canvas.image, regions
