"""What both renderers draw on: a picture with a scratch mask beside it. Every word is drawn on its
own and its ink box measured by drawing it the same way onto the blank mask, so a word's truth
box is every pixel its glyphs touched.
"""

import re

from PIL import Image, ImageDraw

from .common import box, die, union


class InkCanvas:
    """A frame of width x height on a background, with a scratch mask for measuring ink."""

    def __init__(self, width, height, background):
        self.width, self.height = width, height
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.scratch = Image.new("L", (width, height), 0)
        self.scratch_draw = ImageDraw.Draw(self.scratch)

    def word(self, x, y, text, face, pieces):
        """Draw a word as (offset, text, colour) pieces with its origin (left, ascender top) at x, y;
        return its ink box."""
        pad = face.size
        area = (max(0, int(x) - pad), max(0, int(y) - pad),
                min(self.width, int(x + face.getlength(text)) + pad), min(self.height, int(y) + 2 * pad))
        self.scratch.paste(0, area)
        for offset, piece, colour in pieces:
            at = (x + face.getlength(text[:offset]), y)
            self.draw.text(at, piece, font=face, fill=colour)
            self.scratch_draw.text(at, piece, font=face, fill=255)
        ink = self.scratch.crop(area).getbbox()  # any pixel the glyphs touched
        if ink is None or ink[0] == 0 or ink[1] == 0 or ink[2] == area[2] - area[0] or ink[3] == area[3] - area[1]:
            die(f"ink of word {text!r} is empty or clipped by the frame edge")
        return box(area[0] + ink[0], area[1] + ink[1], area[0] + ink[2], area[1] + ink[3])

    def words(self, x, y, text, face, pieces_of):
        """Draw a line word by word at the columns a layout of the whole line gives; pieces_of(match)
        gives a word's (offset, text, colour) pieces. Returns the line's truth."""
        words = []
        for match in re.finditer(r"\S+", text):
            ink = self.word(x + face.getlength(text[:match.start()]), y, match.group(), face, pieces_of(match))
            words.append({"text": match.group(), "bbox": ink})
        indent = len(text) - len(text.lstrip(" "))
        return {"text": text, "indent": indent, "bbox": union(w["bbox"] for w in words), "words": words}
