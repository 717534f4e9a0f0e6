#!/usr/bin/python3
"""Generates the long slide talk of scripts/bench-index, with its truth.

A talk of MINUTES minutes (default 18) at 1920x1080, 25 fps, h264 yuv420p, a keyframe every 2 s
(`-g 50`, x264's scene-cut left on): slides held 20-60 s each, each a title and a code panel of
real source code (excerpts of Python modules and C headers installed on this machine, cut at
arbitrary lines, 10-20 lines, 22 px DejaVu Sans Mono). About one slide in four is a build-up of
the previous one (the same excerpt with one or two more lines); most changes are hard cuts, a
few are 0.5 s cross-fades (12 blended frames). Everything is drawn from one seeded random
generator, so a given machine gives the same talk every time.

Writes OUT (the video) and OUT.truth.json:
  {"duration", "frame_rate", "width", "height", "generator",
   "settled_screens": [{"start", "end", "text", "title", "code", "source", "build_up"}]}
start/end in seconds, [start, end): the frames where the slide is fully shown (a cross-fade
belongs to no screen). text is the title, then the code lines, joined by newlines.

Drawing needs Pillow (Debian's python3-pil, hence /usr/bin/python3); encoding the ffmpeg CLI.
Each slide is drawn once; x264 encodes, per slide, only its head (a cross-fade into it and the
frames short of a whole number of 2 s groups) and one 2 s group of pictures, which is then
repeated by stream copy while the slide is held (see generate()).

Usage: /usr/bin/python3 scripts/lib/long_talk.py [--minutes M] [--seed S] OUT.mp4
"""

import argparse
import glob
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT, FPS = 1920, 1080, 25
FADE_FRAMES = 12
MAX_COLUMNS = 110
FONT_DIR = "/usr/share/fonts/truetype/dejavu"
SOURCES = ["/usr/lib/python3.11/*.py", "/usr/include/*.h"]
TITLES = ["Inside {}", "A look at {}", "Reading {}", "How {} does it", "{}, continued",
          "Walking through {}", "From {}", "What {} declares", "Notes on {}"]

BACKGROUND = (246, 246, 242)
TITLE_INK = (28, 32, 40)
PANEL = (30, 33, 39)
CODE_INK = (220, 223, 228)


def source_files():
    files = []
    for pattern in SOURCES:
        files.extend(sorted(glob.glob(pattern)))
    if not files:
        sys.exit("long_talk: no source files found in " + ", ".join(SOURCES))
    return files


def file_lines(path):
    try:
        with open(path, encoding="utf-8", errors="strict") as handle:
            return [line.rstrip("\n").expandtabs(4).rstrip() for line in handle]
    except (OSError, UnicodeDecodeError):
        return None


def excerpt(rng, files, cache):
    """(path, first line index, lines) of 10-20 printable lines, at least 6 of them not blank."""
    for _ in range(1000):
        path = rng.choice(files)
        if path not in cache:
            cache[path] = file_lines(path)
        lines = cache[path]
        if not lines or len(lines) < 30:
            continue
        count = rng.randint(10, 20)
        first = rng.randrange(0, len(lines) - count)
        chunk = lines[first:first + count]
        # A slide does not start or end on a blank line.
        while chunk and not chunk[0].strip():
            chunk.pop(0)
            first += 1
        while chunk and not chunk[-1].strip():
            chunk.pop()
        if len(chunk) < 10 or sum(1 for line in chunk if line.strip()) < 6:
            continue
        if any(len(line) > MAX_COLUMNS or not line.isascii() or not line.isprintable() for line in chunk):
            continue
        return path, first, chunk
    sys.exit("long_talk: could not find a printable excerpt")


def plan(seed, minutes):
    rng = random.Random(seed)
    files = source_files()
    cache = {}
    target = minutes * 60 * FPS
    slides, frames, previous = [], 0, None
    while frames < target:
        build_up = (previous is not None and not previous["build_up_of_build_up"]
                    and len(previous["code"]) <= 18 and rng.random() < 0.25)
        if build_up:
            path, first = previous["path"], previous["first"]
            lines = cache[path]
            extra = rng.randint(1, 2)
            code = lines[first:first + len(previous["code"]) + extra]
            if (len(code) != len(previous["code"]) + extra or not code[-1].strip()
                    or any(len(l) > MAX_COLUMNS or not l.isascii() or not l.isprintable() for l in code)):
                build_up = False
            else:
                title = previous["title"]
        if not build_up:
            path, first, code = excerpt(rng, files, cache)
            title = rng.choice(TITLES).format(os.path.basename(path))
        held = rng.randint(20 * FPS, 60 * FPS)
        fade_in = bool(slides) and not build_up and rng.random() < 0.15
        slide = {"title": title, "code": code, "path": path, "first": first, "frames": held,
                 "build_up": build_up, "fade_in": fade_in,
                 "build_up_of_build_up": build_up and previous["build_up"]}
        slides.append(slide)
        frames += held + (FADE_FRAMES if fade_in else 0)
        previous = slide
    return slides


def draw(slide, fonts):
    title_font, code_font = fonts
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.text((120, 70), slide["title"], font=title_font, fill=TITLE_INK)
    line_height = 32
    top = 190
    panel_height = len(slide["code"]) * line_height + 60
    pen.rounded_rectangle((100, top, WIDTH - 100, top + panel_height), radius=14, fill=PANEL)
    for row, line in enumerate(slide["code"]):
        pen.text((140, top + 30 + row * line_height), line, font=code_font, fill=CODE_INK)
    return image


def encode(frames, out, work):
    """Encodes a list of (png, frame count) as one h264 segment with x264's usual settings."""
    concat = out + ".ffconcat"
    with open(concat, "w") as handle:
        handle.write("ffconcat version 1.0\n")
        for name, count in frames:
            handle.write(f"file '{os.path.basename(name)}'\nduration {count / FPS:.2f}\n")
        # The concat demuxer does not hold the last entry for its duration: list it once more.
        handle.write(f"file '{os.path.basename(frames[-1][0])}'\n")
    total = sum(count for _, count in frames)
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "concat", "-safe", "0", "-i", concat,
                    "-vf", f"fps={FPS}", "-frames:v", str(total),
                    "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", str(2 * FPS),
                    "-f", "mpegts", out], check=True, cwd=work)


def generate(out, minutes, seed):
    """Draws each slide once and encodes, per slide, a head (the cross-fade into it, if any,
    and its first frames up to a whole number of 2 s groups) and one 2 s group of pictures
    (keyframe + 49 P/B-frames of the still); the group is then repeated by stream copy for as
    long as the slide is held. That is the bitstream x264 makes of a still slide with -g 50
    (a keyframe at the cut, scene-cut on, then one every 2 s), at a tenth of the encoding time
    of every frame."""
    started = time.monotonic()
    slides = plan(seed, minutes)
    fonts = (ImageFont.truetype(os.path.join(FONT_DIR, "DejaVuSans-Bold.ttf"), 44),
             ImageFont.truetype(os.path.join(FONT_DIR, "DejaVuSansMono.ttf"), 22))
    work = tempfile.mkdtemp(prefix="long-talk-", dir=os.path.dirname(os.path.abspath(out)))
    gop = 2 * FPS
    try:
        pieces, screens, frame = [], [], 0
        previous_image = None
        for number, slide in enumerate(slides):
            image = draw(slide, fonts)
            name = os.path.join(work, f"slide{number:03d}.png")
            image.save(name, compress_level=1)
            head = []
            if slide["fade_in"]:
                for k in range(FADE_FRAMES):
                    blend = Image.blend(previous_image, image, (k + 1) / (FADE_FRAMES + 1))
                    fade = os.path.join(work, f"fade{number:03d}-{k:02d}.png")
                    blend.save(fade, compress_level=1)
                    head.append((fade, 1))
                frame += FADE_FRAMES
            rest = slide["frames"] % gop
            if rest:
                head.append((name, rest))
            if head:
                segment = os.path.join(work, f"head{number:03d}.ts")
                encode(head, segment, work)
                pieces.append(segment)
            segment = os.path.join(work, f"gop{number:03d}.ts")
            encode([(name, gop)], segment, work)
            pieces.extend([segment] * (slide["frames"] // gop))
            screens.append({
                "start": round(frame / FPS, 3), "end": round((frame + slide["frames"]) / FPS, 3),
                "text": "\n".join([slide["title"]] + slide["code"]),
                "title": slide["title"], "code": "\n".join(slide["code"]),
                "source": f"{slide['path']}:{slide['first'] + 1}-{slide['first'] + len(slide['code'])}",
                "build_up": slide["build_up"], "fade_in": slide["fade_in"],
            })
            frame += slide["frames"]
            previous_image = image
        encoded = time.monotonic() - started

        concat = os.path.join(work, "talk.ffconcat")
        with open(concat, "w") as handle:
            handle.write("ffconcat version 1.0\n")
            for piece in pieces:
                handle.write(f"file '{os.path.basename(piece)}'\n")
        partial = os.path.join(work, "talk.mp4")
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "concat", "-safe", "0", "-i", concat,
                        "-c", "copy", "-movflags", "+faststart", partial], check=True, cwd=work)
        truth = {"file": os.path.basename(out), "duration": frame / FPS, "frame_rate": FPS,
                 "width": WIDTH, "height": HEIGHT, "seed": seed, "generator": "scripts/lib/long_talk.py",
                 "settled_screens": screens}
        with open(partial + ".truth.json", "w") as handle:
            json.dump(truth, handle, indent=1)
        os.replace(partial + ".truth.json", out + ".truth.json")
        os.replace(partial, out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    total = time.monotonic() - started
    fades = sum(1 for s in slides if s["fade_in"])
    build_ups = sum(1 for s in slides if s["build_up"])
    print(f"long_talk: {len(slides)} slides ({build_ups} build-ups, {fades} cross-fades), "
          f"{frame / FPS / 60:.1f} min, drawn and encoded in {encoded:.1f} s, joined in {total - encoded:.1f} s",
          file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=18)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("out")
    args = parser.parse_args()
    generate(args.out, args.minutes, args.seed)


if __name__ == "__main__":
    main()
