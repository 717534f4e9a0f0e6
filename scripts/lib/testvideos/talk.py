"""Talk-like clips (slides, editors, terminals, decks): encoded from the rendered pictures,
checked by decoding them again, with the truth of every region.
"""

import re
from fractions import Fraction
from pathlib import Path

from PIL import Image, ImageStat

from .common import box, die, seconds
from .media import (BITEXACT, check_timing, common_truth, decode_gray, decode_selected, ffmpeg,
                    mean_difference, probe)
from .render_screens import render_screen
from .render_slides import SLIDE_H, SLIDE_W, render_slide
from .themes import PALETTES


TALK_FPS = 30
TALK_H264 = ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-g", "250", "-bf", "3",
             "-threads", "1", "-pix_fmt", "yuv420p"]
SCREEN_H264 = ["-c:v", "libx264", "-preset", "medium", "-crf", "{crf}", "-g", "250", "-bf", "3",
               "-threads", "1", "-pix_fmt", "yuv420p"]


URL_AND_EMAIL = [
    ("email", re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")),
    # A scheme, or www., or a host ending in a common top-level domain followed by a path or an end.
    ("url", re.compile(r"(?:https?://|www\.)\S+"
                       r"|(?<![\w@.-])[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:com|org|net|io|edu|gov)"
                       r"(?![\w.-]*\.)(?=[/:?#]|[^\w.-]|$)\S*")),
]
DETECTION_TRIM = ".,;:!?)]}>'\"`"


def detections(region):
    """URLs and e-mail addresses in a region's words, as Live Text's data detectors find them."""
    found = []
    for line in region["lines"]:
        for word in line["words"]:
            text = word["text"]
            for kind, pattern in URL_AND_EMAIL:
                for m in pattern.finditer(text):
                    value = m.group().rstrip(DETECTION_TRIM)
                    found.append({"type": kind, "text": value, "bbox": word["bbox"]})
                    text = text[:m.start()] + " " * len(m.group()) + text[m.end():]   # no URL inside an e-mail
    return found


def finish_regions(regions):
    """Fields every talk-like region has: detections; code regions also gutter and line numbers."""
    for r in regions:
        if r["kind"] == "code":
            r.setdefault("gutter", None)
            for line in r["lines"]:
                line.setdefault("number", None)
                line.setdefault("number_bbox", None)
        r["detections"] = detections(r)


def make_talk(clip, work):
    frames_per_slide = clip.seconds_per_slide * TALK_FPS
    images, slides = [], []
    for index, slide in enumerate(clip.slides):
        image, regions = render_slide(slide, clip.theme)
        png = work / f"{Path(clip.file).stem}-{index}.png"
        image.save(png)
        images.append(png)
        first = index * frames_per_slide
        slides.append({
            "index": index,
            "start": seconds(Fraction(first, TALK_FPS)),
            "end": seconds(Fraction(first + frames_per_slide, TALK_FPS)),
            "first_frame": first,
            "last_frame": first + frames_per_slide - 1,
            "theme": clip.theme,
            "regions": regions,
        })

    inputs = []
    for png in images:
        inputs += ["-loop", "1", "-framerate", str(TALK_FPS), "-t", str(clip.seconds_per_slide), "-i", png]
    storage_filter = {
        "none": "",
        "rotate90": ",transpose=cclock",
        "anamorphic": ",scale=960:720:flags=bicubic,setsar=4/3",
    }[clip.storage]
    graph = "".join(f"[{i}:v]" for i in range(len(images))) + \
        f"concat=n={len(images)}:v=1:a=0{storage_filter},format=yuv420p[v]"
    out = work / clip.file
    encoded = work / f"encoded-{clip.file}" if clip.storage == "rotate90" else out
    ffmpeg(*inputs, "-filter_complex", graph, "-map", "[v]", *TALK_H264,
           "-movflags", "+faststart", *BITEXACT, encoded)
    if clip.storage == "rotate90":
        # ffmpeg 5.1 drops a rotate tag given while encoding; a stream copy keeps it.
        # The tag is the counter-clockwise angle of the stored picture ("rotate=270"
        # writes the matrix that turns it 90 degrees clockwise for display).
        ffmpeg("-i", encoded, "-map", "0:v", "-c", "copy", "-metadata:s:v:0", "rotate=270",
               "-movflags", "+faststart", *BITEXACT, out)

    p = probe(out)
    frame_count = frames_per_slide * len(clip.slides)
    check_timing(out, p, Fraction(TALK_FPS), frame_count)
    truth = common_truth(clip.file, "talk", "mp4", p)
    if truth["display"] != {"width": SLIDE_W, "height": SLIDE_H}:
        die(f"{out}: displays as {truth['display']}, expected {SLIDE_W}x{SLIDE_H}")
    expected = {"none": (0, 1), "rotate90": (90, 1), "anamorphic": (0, Fraction(4, 3))}[clip.storage]
    if (truth["rotation"], p["sar"]) != expected:
        die(f"{out}: rotation {truth['rotation']} SAR {p['sar']}, expected {expected}")
    truth["slides"] = slides
    truth["split"] = "dev"
    truth["content_area"] = box(0, 0, SLIDE_W, SLIDE_H)
    for slide in slides:
        slide["palette"] = clip.theme
        slide["content_area"] = truth["content_area"]
        finish_regions(slide["regions"])

    # Decode as a player shows it (ffmpeg autorotates; scale undoes the squeeze) and
    # check that each slide's first and last frames are that slide.
    decoded = decode_gray(out, SLIDE_W, SLIDE_H, ["-vf", f"scale={SLIDE_W}:{SLIDE_H}:flags=bicubic"])
    rendered = [Image.open(png).convert("L") for png in images]
    for slide in slides:
        for n in (slide["first_frame"], slide["last_frame"]):
            scores = [mean_difference(decoded[n], r) for r in rendered]
            best = min(range(len(scores)), key=scores.__getitem__)
            if best != slide["index"] or scores[best] > 3:
                die(f"{out}: frame {n} looks like slide {best} (differences {scores})")
    return truth


def make_screen_clip(clip, work):
    frames_per_screen = clip.seconds_per_screen * TALK_FPS
    x, y, width, height = clip.content or (0, 0, clip.width, clip.height)
    content_area = box(x, y, x + width, y + height)
    images, slides = [], []
    for index, screen in enumerate(clip.screens):
        image, palette, regions = render_screen(clip, screen)
        finish_regions(regions)
        png = work / f"{Path(clip.file).stem}-{index}.png"
        image.save(png)
        images.append(png)
        first = index * frames_per_screen
        slides.append({
            "index": index,
            "start": seconds(Fraction(first, TALK_FPS)),
            "end": seconds(Fraction(first + frames_per_screen, TALK_FPS)),
            "first_frame": first,
            "last_frame": first + frames_per_screen - 1,
            "theme": PALETTES[palette]["polarity"],
            "palette": palette,
            "content_area": content_area,
            "regions": regions,
        })

    inputs = []
    for png in images:
        inputs += ["-loop", "1", "-framerate", str(TALK_FPS), "-t", str(clip.seconds_per_screen), "-i", png]
    graph = "".join(f"[{i}:v]" for i in range(len(images))) + f"concat=n={len(images)}:v=1:a=0,format=yuv420p[v]"
    out = work / clip.file
    encoder = [str(clip.crf) if a == "{crf}" else a for a in SCREEN_H264]
    ffmpeg(*inputs, "-filter_complex", graph, "-map", "[v]", *encoder, "-movflags", "+faststart", *BITEXACT, out)

    p = probe(out)
    check_timing(out, p, Fraction(TALK_FPS), frames_per_screen * len(clip.screens))
    truth = common_truth(clip.file, "talk", "mp4", p)
    if truth["display"] != {"width": clip.width, "height": clip.height} or truth["rotation"] or p["sar"] != 1:
        die(f"{out}: displays as {truth['display']} rotated {truth['rotation']} SAR {p['sar']}")
    truth["split"] = clip.split
    truth["content_area"] = content_area
    truth["slides"] = slides

    # Each screen's first and last frames must be that screen, and the bars must stay black.
    indices = [n for s in slides for n in (s["first_frame"], s["last_frame"])]
    decoded = decode_selected(out, clip.width, clip.height, indices)
    rendered = [Image.open(png).convert("L") for png in images]
    for n, frame in zip(indices, decoded):
        scores = [mean_difference(frame, r) for r in rendered]
        best = min(range(len(scores)), key=scores.__getitem__)
        if best != n // frames_per_screen or scores[best] > 3:
            die(f"{out}: frame {n} looks like screen {best} (differences {scores})")
        for bar in bars(clip):
            if ImageStat.Stat(frame.crop(bar)).extrema[0][1] > 24:
                die(f"{out}: frame {n} is not black in the bar {bar}")
    return truth


def bars(clip):
    """The letterbox or pillarbox bars of a clip as (left, top, right, bottom) crops."""
    if not clip.content:
        return []
    x, y, width, height = clip.content
    edge = 4    # the encoder may smear the content's edge a few pixels into a bar
    candidates = [(0, 0, clip.width, y - edge), (0, y + height + edge, clip.width, clip.height),
                  (0, 0, x - edge, clip.height), (x + width + edge, 0, clip.width, clip.height)]
    return [c for c in candidates if c[2] > c[0] and c[3] > c[1]]


def check_unique_screens(truths):
    """Every screen's text must differ from every other's, so a reading can't pass for another screen's."""
    seen = {}
    for truth in truths:
        for slide in truth["slides"]:
            for r in slide["regions"]:
                if r["kind"] != "code":
                    continue
                where = f"{truth['file']} screen {slide['index']}"
                if r["text"] in seen:
                    die(f"{where} repeats the code of {seen[r['text']]}")
                seen[r["text"]] = where
