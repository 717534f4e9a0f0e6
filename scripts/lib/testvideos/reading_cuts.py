"""Issue 14's reading material for scripts/make-real-cuts (--split reading and reading-sealed),
beside the slides and terminals real_cuts.py makes: burned-in captions and slides filmed at an
angle, and the roles every region of those splits is given.

Captions: sentences cut from real text files on the machine, one or two lines a cue, written
to an .srt and burned in by ffmpeg's subtitles filter (libass) over a moving picture that is
not text (lavfi's fractals, life and gradients with noise and blur) or under a talk slide's
bullets. The picture is made losslessly with and without the captions, and each caption's truth
is the ink that differs in the caption's colour: its box, and its lines as libass drew them
(the row bands of that ink; the cue's line breaks are written out and kept short enough that
libass adds none, checked by counting the bands).

Slides at an angle: about 22 lines cut from a real file on a slide, the slide turned 1-3
degrees, narrowed at its top (a camera below the screen) and placed on a wall, then blurred and
given a little noise. Every word's truth box is its drawn ink box taken through the same
transform, as the axis-aligned box of the warped quad.
"""

import math
import random
import re
import subprocess
from fractions import Fraction
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter

from .common import box, die, run, seconds, union
from .media import BITEXACT, common_truth, ffmpeg, probe, check_timing
from .model import Bullets, CodeBlock, Text
from .render_screens import Canvas, missing_glyph, render_block, screen_font, wrap
from .talk import finish_regions
from .themes import PALETTES, SCREEN_FONTS, color

FPS = 10


# Roles ------------------------------------------------------------------------------------------

def add_roles(truth, terminal):
    """A role on every region that has none: the code of a terminal is "terminal", of a slide
    "code"; a slide's first text region is its title; a terminal's bars are "terminal" too."""
    for slide in truth["slides"]:
        texts = 0
        for r in slide["regions"]:
            if "role" in r:
                continue
            if r["kind"] == "code":
                r["role"] = "terminal" if terminal else "code"
            elif r["kind"] == "ui":
                r["role"] = "terminal"
            else:
                r["role"] = "title" if texts == 0 else "text"
                texts += 1


def stamp(truth, material):
    for slide in truth["slides"]:
        slide["material"] = material


# Captions ---------------------------------------------------------------------------------------

CAPTION_CHARS = re.compile(r"[A-Za-z0-9.,;:'()?/-]+")


def sentences(lines):
    """The sentences of a text file: paragraphs joined, split after . ? or ! and a space."""
    text = " ".join(line.strip() for line in lines)
    return [s.strip() for s in re.split(r"(?<=[.?!])\s+", text) if s.strip()]


def caption_cues(rng, sources, pool_name, used, count, most):
    """`count` cues of one or two lines of at most `most` characters, from consecutive
    sentences of a random file of the pool; words with characters libass would read as markup
    (braces, backslashes, tags) or that a font may lack end the run."""
    from .real_cuts import pick_file
    for _ in range(60):
        path, lines = pick_file(rng, sources, pool_name, used)
        said = sentences(lines)
        if len(said) < 8:
            continue
        start = rng.randrange(0, len(said) - 4)
        words = []
        for sentence in said[start:]:
            found = sentence.split()
            if not found or not all(CAPTION_CHARS.fullmatch(w) and len(w) <= most // 2 for w in found):
                break
            words += found
            if len(words) > count * 16:
                break
        cues = []
        while words and len(cues) < count:
            rows = []
            for _ in range(rng.choice((1, 2, 2))):
                row = []
                while words and len(" ".join(row + [words[0]])) <= most:
                    row.append(words.pop(0))
                if row:
                    rows.append(" ".join(row))
            cues.append(rows)
        if len(cues) == count and all(len(" ".join(c)) >= 12 for c in cues) and len({tuple(c) for c in cues}) == count:
            used.add(path)
            return path, cues
        sources.refuse("too few plain sentences for the captions")
    die(f"pool {pool_name}: no run of plain sentences for {count} captions")


def srt_time(t):
    ms = round(t * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def style_value(style, key, default):
    m = re.search(rf"\b{key}=([^,]+)", style)
    return m.group(1) if m else default


def primary_rgb(style):
    """The caption's fill colour from an ASS &HBBGGRR colour in force_style (libass's default: white)."""
    value = style_value(style, "PrimaryColour", "&H00FFFFFF").strip("&Hh")
    value = value[-6:].rjust(6, "0")
    b, g, r = int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    return r, g, b


def caption_lines(with_text, without, rgb, rows, where):
    """The truth lines of one caption: the pixels that differ from the picture without it and
    lie near the caption's colour, cut into `rows` bands at the widest gaps between rows of ink."""
    diff = ImageChops.difference(with_text, without).convert("L").point(lambda v: 255 if v > 40 else 0)
    near = ImageChops.difference(with_text, Image.new("RGB", with_text.size, rgb))
    r, g, b = near.split()
    close = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v < 90 else 0)
    ink = ImageChops.multiply(diff, close)
    found = ink.getbbox()
    if not found:
        die(f"{where}: no caption ink found")
    left, top, right, bottom = found
    inked = [ink.crop((left, y, right, y + 1)).getbbox() is not None for y in range(top, bottom)]
    gaps, y = [], 0
    while y < len(inked):
        if not inked[y]:
            start = y
            while y < len(inked) and not inked[y]:
                y += 1
            gaps.append((y - start, start, y))
        y += 1
    # Lines are as tall as each other: the gap nearest to each of the n - 1 even cuts of the ink.
    cuts = []
    for k in range(1, rows):
        want = k * len(inked) / rows
        near = [g for g in gaps if g not in cuts and abs((g[1] + g[2]) / 2 - want) < len(inked) / (2 * rows)]
        if not near:
            die(f"{where}: the caption's ink is not {rows} lines (gaps {gaps[:6]}): libass wrapped it?")
        cuts.append(min(near, key=lambda g: abs((g[1] + g[2]) / 2 - want)))
    if rows == 1 and any(g[0] > 0.3 * len(inked) for g in gaps):
        die(f"{where}: the caption's ink is more than one line (gaps {gaps[:6]}): libass wrapped it?")
    bands, y0 = [], top
    for _, start, end in sorted(cuts, key=lambda g: g[1]):
        bands.append((y0, top + start))
        y0 = top + end
    bands.append((y0, bottom))
    boxes = []
    for a, z in bands:
        part = ink.crop((0, a, ink.width, z)).getbbox()
        boxes.append(box(part[0], a + part[1], part[2], a + part[3]))
    return boxes


def caption_background(clip, seed, work, title, bullets):
    """Input options of ffmpeg for the clip's picture without captions, and the slide's
    regions when the picture is a slide."""
    frames = clip.cues * clip.seconds_per_cue * FPS
    if clip.background != "slide":
        graph = clip.background.format(w=clip.width, h=clip.height, r=FPS, seed=seed % 100000)
        return ["-f", "lavfi", "-i", graph, "-frames:v", str(frames)], [], None
    canvas = Canvas(clip.width, clip.height, color(clip.palette, "background"))
    s = min(clip.width, clip.height) / 720
    left, column = round(56 * s), clip.width - 2 * round(56 * s)
    regions, bottom = render_block(canvas, Text(title, "dejavu-sans-bold", round(40 * s), role="title", spacing=1.2),
                                   clip.palette, left, round(36 * s), column)
    found, bottom = render_block(canvas, Bullets(bullets, "dejavu-sans", round(26 * s)),
                                 clip.palette, left, bottom + round(28 * s), column)
    regions += found
    png = work / f"{Path(clip.file).stem}-slide.png"
    canvas.image.save(png)
    return ["-loop", "1", "-framerate", str(FPS), "-i", png, "-frames:v", str(frames)], regions, bottom


def make_caption_clip(clip, split, sources, used, work):
    rng = random.Random(f"{split.SEED}:{clip.file}")
    size = float(style_value(clip.style, "Fontsize", "16"))
    most = int(42 * 16 / size)
    path, cues = caption_cues(rng, sources, clip.pool, used, clip.cues, most)
    # A slide says what the captions are cut from; the captions sit in its lower third.
    words = (f"Reading {path.name}", (f"From {path.parent}", "Captions burned in by libass", "Sentences as the file has them"))
    srt = work / f"{Path(clip.file).stem}.srt"
    per = clip.seconds_per_cue
    srt.write_text("".join(f"{i + 1}\n{srt_time(i * per)} --> {srt_time((i + 1) * per - 0.05)}\n" + "\n".join(rows) + "\n\n"
                           for i, rows in enumerate(cues)))
    inputs, slide_regions, slide_bottom = caption_background(clip, split.SEED + len(clip.file), work, *words)
    bg, sub = work / f"{Path(clip.file).stem}-bg.mkv", work / f"{Path(clip.file).stem}-sub.mkv"
    ffmpeg(*inputs, "-vf", "format=bgr0", "-c:v", "ffv1", "-threads", "1", bg)
    flt = f"subtitles=filename={srt}" + (f":force_style='{clip.style}'" if clip.style else "")
    ffmpeg("-i", bg, "-vf", f"{flt},format=bgr0", "-c:v", "ffv1", "-threads", "1", sub)
    out = work / clip.file
    encoder = ["-c:v", "libx264", "-preset", "medium", "-crf", str(clip.crf), "-g", "250", "-bf", "3", "-threads", "1",
               "-pix_fmt", "yuv420p"]
    ffmpeg("-i", sub, "-vf", "format=yuv420p", *encoder, "-movflags", "+faststart", *BITEXACT, out)

    frames_per = per * FPS
    middles = [i * frames_per + frames_per // 2 for i in range(len(cues))]
    plain, burned = rgb_frames(bg, clip, middles), rgb_frames(sub, clip, middles)
    rgb = primary_rgb(clip.style)
    px = round(size * clip.height / 288, 1)
    slides = []
    for i, rows in enumerate(cues):
        where = f"{clip.file} cue {i}"
        boxes = caption_lines(burned[i], plain[i], rgb, len(rows), where)
        lines = [{"text": text, "indent": 0, "bbox": b, "words": []} for text, b in zip(rows, boxes)]
        caption = {"kind": "text", "role": "caption", "theme": "dark", "bbox": union(boxes),
                   "text": "\n".join(rows), "lines": lines,
                   "font": {"name": style_value(clip.style, "FontName", "Arial") + " (libass, fontconfig's match)",
                            "size": px},
                   "source": {"path": str(path), "srt_cue": i + 1,
                              "style": clip.style or "libass default (white, black outline)"}}
        regions = [dict(r) for r in slide_regions] + [caption]
        if slide_bottom is not None and caption["bbox"]["y"] < slide_bottom:
            die(f"{where}: the caption runs into the slide's bullets")
        finish_regions(regions)
        first = i * frames_per
        slides.append({"index": i, "start": seconds(Fraction(first, FPS)), "end": seconds(Fraction(first + frames_per, FPS)),
                       "first_frame": first, "last_frame": first + frames_per - 1,
                       "theme": PALETTES[clip.palette]["polarity"] if clip.background == "slide" else "dark",
                       "palette": clip.palette if clip.background == "slide" else None,
                       "content_area": box(0, 0, clip.width, clip.height), "regions": regions})
    p = probe(out)
    check_timing(out, p, Fraction(FPS), frames_per * len(cues))
    truth = common_truth(out.name, "talk", "mp4", p)
    truth["split"] = split.NAME
    truth["content_area"] = box(0, 0, clip.width, clip.height)
    truth["slides"] = slides
    truth["captions"] = {"renderer": "ffmpeg subtitles filter (libass)", "background": clip.background,
                         "style": clip.style}
    return truth, [f"captions {path}"]


def rgb_frames(path, clip, indices):
    chosen = "+".join(f"eq(n\\,{n})" for n in indices)
    raw = run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(path), "-vf", f"select={chosen}", "-fps_mode", "passthrough",
               "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    size = clip.width * clip.height * 3
    if len(raw) != size * len(indices):
        die(f"{path}: decoded {len(raw) // size} of {len(indices)} frames")
    return [Image.frombytes("RGB", (clip.width, clip.height), raw[k:k + size]) for k in range(0, len(raw), size)]


# Slides at an angle -----------------------------------------------------------------------------

def solve(a, b):
    """x with a x = b, Gaussian elimination with partial pivoting (8x8 here)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def homography(src, dst):
    """Coefficients (a..h) of the map taking the four src points to the dst points:
    x' = (a x + b y + c) / (g x + h y + 1), y' = (d x + e y + f) / (g x + h y + 1)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.append(v)
    return solve(rows, rhs)


def apply(h, x, y):
    d = h[6] * x + h[7] * y + 1
    return (h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d


def warp_box(h, b, limit, pad=1):
    """The axis-aligned box of a box's four corners taken through h, padded for the blur."""
    if b is None:
        return None
    xs, ys = [], []
    for x, y in ((b["x"], b["y"]), (b["x"] + b["width"], b["y"]), (b["x"], b["y"] + b["height"]),
                 (b["x"] + b["width"], b["y"] + b["height"])):
        u, v = apply(h, x, y)
        xs.append(u)
        ys.append(v)
    w, hgt = limit
    return box(max(0, math.floor(min(xs)) - pad), max(0, math.floor(min(ys)) - pad),
               min(w, math.ceil(max(xs)) + pad), min(hgt, math.ceil(max(ys)) + pad))


def warp_regions(regions, h, size):
    for r in regions:
        for line in r["lines"]:
            for word in line.get("words") or []:
                word["bbox"] = warp_box(h, word["bbox"], size)
            if line.get("words"):
                line["bbox"] = union(w["bbox"] for w in line["words"])
            else:
                line["bbox"] = warp_box(h, line.get("bbox"), size)
        r["bbox"] = union(line["bbox"] for line in r["lines"])
        if r.get("panel"):
            r["panel"] = warp_box(h, r["panel"], size, pad=0)


def cut_lines_exactly(rng, sources, pool_name, used, want, fits):
    """An excerpt of a pool's file with exactly `want` non-blank lines (at most 3 blank ones
    between them), from a random line."""
    from .real_cuts import Excerpt, dedented, drawable, pick_file
    pool = sources.pools[pool_name]
    for _ in range(60):
        path, lines = pick_file(rng, sources, pool_name, used)
        for _ in range(12):
            start = rng.randrange(0, max(1, len(lines) - want - 4))
            chosen, filled = [], 0
            for line in lines[start:]:
                line = line.expandtabs(pool.tab).rstrip()
                if not chosen and not line:
                    continue
                chosen.append(line)
                filled += bool(line)
                if filled == want:
                    break
            if filled != want or len(chosen) > want + 3:
                sources.refuse("not enough filled lines in a row for a filmed slide")
                continue
            if not all(drawable(ch) for line in chosen for ch in line):
                sources.refuse("control or wide characters")
                continue
            shown = dedented(chosen)
            if not fits(shown):
                sources.refuse("a line too long for its panel or terminal")
                continue
            used.add(path)
            skipped = next(k for k, line in enumerate(lines[start:]) if line.strip())
            return Excerpt(pool.language, path, start + skipped + 1, start + skipped + len(chosen), shown, pool.tab)
    die(f"pool {pool_name}: no excerpt of {want} filled lines fits")


def render_skew_slide(clip, slide, index, split, sources, used):
    from .real_cuts import TITLES, words_for
    rng = random.Random(f"{split.SEED}:{clip.file}:{index}")
    w, h = clip.width, clip.height
    s = min(w, h) / 720
    canvas = Canvas(w, h, color(slide.palette, "background"))
    margin, top = round(48 * s), round(28 * s)
    face = screen_font(slide.font, slide.size)
    pad_x = round(slide.size * 0.9)
    width = w - 2 * margin
    room = width - pad_x - pad_x // 2 - max(3, round(slide.size * 0.15))

    def fits(lines):
        return missing_glyph(slide.font, slide.size, "".join(lines)) is None and \
            max(face.getlength(line) for line in lines) <= room
    excerpt = cut_lines_exactly(rng, sources, sources.resolve(slide.pool), used, slide.lines, fits)
    title_size = round(34 * s)
    title_face = screen_font("dejavu-sans-bold", title_size)
    titles = [t.format(**words_for(excerpt)) for t in TITLES]
    titles = [t for t in titles if len(wrap(t, title_face, width)) == 1]
    title = rng.choice(titles) if titles else "Real code"
    regions, bottom = render_block(canvas, Text(title, "dejavu-sans-bold", title_size, role="title", spacing=1.2),
                                   slide.palette, margin, top, width)
    found, end = render_block(canvas, CodeBlock(excerpt.language, "\n".join(excerpt.lines), slide.font, slide.size),
                              slide.palette, margin, bottom + round(16 * s), width)
    if end > h - 8:
        die(f"{clip.file} slide {index}: {slide.lines} lines of {slide.size} px do not fit")
    found[0]["source"] = excerpt.source()
    regions += found

    # The camera: the slide turned, narrowed at its top, on a wall.
    theta = math.radians(slide.degrees)
    scale, k = 0.86, slide.keystone
    cx, cy = w / 2, h / 2
    corners = [(0, 0), (w, 0), (w, h), (0, h)]
    placed = []
    for x, y in corners:
        dx, dy = (x - cx) * scale, (y - cy) * scale
        if y == 0:
            dx *= 1 - k
        placed.append((cx + dx * math.cos(theta) - dy * math.sin(theta), cy + dx * math.sin(theta) + dy * math.cos(theta)))
    forward = homography(corners, placed)
    backward = homography(placed, corners)
    warped = canvas.image.transform((w, h), Image.PERSPECTIVE, backward, resample=Image.BICUBIC)
    mask = Image.new("L", (w, h), 255).transform((w, h), Image.PERSPECTIVE, backward, resample=Image.BICUBIC)
    wall = Image.linear_gradient("L").resize((w, h)).point(lambda v: 40 + v // 5)
    wall = Image.merge("RGB", (wall, wall.point(lambda v: v - 6), wall.point(lambda v: v - 14)))
    wall.paste(warped, (0, 0), mask)
    picture = wall.filter(ImageFilter.GaussianBlur(0.8))
    noise = Image.frombytes("L", (w, h), rng.randbytes(w * h)).point(lambda v: v * 13 // 256)
    picture = ImageChops.add(picture, Image.merge("RGB", (noise, noise, noise)), 1.0, -6)
    warp_regions(regions, forward, (w, h))
    add_roles({"slides": [{"regions": regions}]}, terminal=False)
    return picture, regions, excerpt, {"degrees": slide.degrees, "keystone": k, "scale": scale,
                                       "homography": [round(v, 9) for v in forward], "blur_sigma": 0.8,
                                       "noise": "uniform, +-6"}


def make_skew_clip(clip, split, sources, used, work):
    from .real_cuts import clip_truth, encode
    pictures, slides, excerpts = [], [], []
    for index, slide in enumerate(clip.slides):
        picture, regions, excerpt, camera = render_skew_slide(clip, slide, index, split, sources, used)
        pictures.append(picture)
        excerpts.append(excerpt)
        finish_regions(regions)
        slides.append({"index": index, "start": seconds(Fraction(index * FPS, FPS)), "end": seconds(Fraction((index + 1) * FPS, FPS)),
                       "first_frame": index * FPS, "last_frame": (index + 1) * FPS - 1,
                       "theme": PALETTES[slide.palette]["polarity"], "palette": slide.palette,
                       "content_area": box(0, 0, clip.width, clip.height), "regions": regions, "camera": camera})
    out = work / clip.file
    encode(pictures, clip, out, work)
    truth = clip_truth(clip, out, pictures, slides, split.NAME, clip.width, clip.height, box(0, 0, clip.width, clip.height))
    return truth, excerpts
