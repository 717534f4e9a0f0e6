"""HLS a player can read: one slide with AES-128 and its key, and renditions of another."""

import copy
import math
import re
from fractions import Fraction

from PIL import Image

from .common import box, die, run
from .media import (BITEXACT, check_timing, common_truth, decode_gray, ffmpeg, ffprobe_json, hls_segments,
                    mean_difference, probe)
from .render_slides import SLIDE_H, SLIDE_W, render_slide
from .splits.dev import TALK_LIGHT
from .talk import TALK_FPS, TALK_H264, finish_regions


AES_KEY = "8899aabbccddeeff0011223344556677"    # test content, not a secret
AES_IV = "000102030405060708090a0b0c0d0e0f"
AES_SLIDE = TALK_LIGHT[0]
RENDITION_SLIDE = TALK_LIGHT[3]
# Listed in this order in the master playlist: the sharpest is neither first nor last.
RENDITIONS = [("720p", 1280, 720), ("1080p", 1920, 1080), ("240p", 426, 240)]
STILL_SECONDS = 2
HLS_KEY_EXTENSIONS = None


def hls_input_options():
    """ffmpeg 5.1.9's hls demuxer opens local key files only with 'key' allowed."""
    global HLS_KEY_EXTENSIONS
    if HLS_KEY_EXTENSIONS is None:
        help_text = run(["ffmpeg", "-hide_banner", "-h", "demuxer=hls"]).decode()
        match = re.search(r'-allowed_extensions\s+<string>.*\(default "([^"]*)"\)', help_text)
        HLS_KEY_EXTENSIONS = ["-allowed_extensions", match.group(1) + ",key"] if match else []
    return HLS_KEY_EXTENSIONS


def scaled_box(b, fx, fy):
    if b is None:
        return None
    return box(math.floor(b["x"] * fx), math.floor(b["y"] * fy),
               math.ceil((b["x"] + b["width"]) * fx), math.ceil((b["y"] + b["height"]) * fy))


def scaled_regions(regions, fx, fy):
    """The truth of a slide shown scaled: boxes grown outward to whole pixels, fonts scaled."""
    out = copy.deepcopy(regions)
    for reg in out:
        reg["bbox"] = scaled_box(reg["bbox"], fx, fy)
        if "panel" in reg:
            reg["panel"] = scaled_box(reg["panel"], fx, fy)
        reg["font"] = {k: (round(v * fy, 4) if k in ("size", "line_height", "cell_width") else v)
                       for k, v in reg["font"].items()}
        for line in reg["lines"]:
            line["bbox"] = scaled_box(line["bbox"], fx, fy)
            for word in line["words"]:
                word["bbox"] = scaled_box(word["bbox"], fx, fy)
    return out


def still_slide_hls(png, out, width, height, extra=()):
    """STILL_SECONDS of one slide at width x height as a VOD playlist of 1 s segments."""
    out.parent.mkdir(parents=True, exist_ok=True)
    stem = "segment" if out.name == "index.m3u8" else out.stem
    ffmpeg("-loop", "1", "-framerate", TALK_FPS, "-i", png, "-frames:v", STILL_SECONDS * TALK_FPS,
           "-vf", f"scale={width}:{height}:flags=lanczos,format=yuv420p", *TALK_H264, "-g", TALK_FPS,
           "-f", "hls", "-hls_time", "1", "-hls_list_size", "0", "-hls_playlist_type", "vod", *extra,
           "-hls_segment_filename", out.parent / f"{stem}%d.ts", *BITEXACT, out)


def still_truth(out, rel, png, regions, theme, width, height, input_options=()):
    """Talk truth for a one-slide playlist, checked by decoding it against the rendered slide."""
    p = probe(out, input_options)
    check_timing(out, p, Fraction(TALK_FPS), STILL_SECONDS * TALK_FPS)
    truth = common_truth(rel.split("/")[-1], "talk", "hls", p)
    if truth["display"] != {"width": width, "height": height}:
        die(f"{out}: displays as {truth['display']}, expected {width}x{height}")
    expected = Image.open(png).convert("L").resize((width, height), Image.LANCZOS)
    decoded = decode_gray(out, width, height, input_options=input_options)
    for n in (0, len(decoded) - 1):
        if mean_difference(decoded[n], expected) > 3:
            die(f"{out}: frame {n} does not show the slide")
    frames = STILL_SECONDS * TALK_FPS
    truth["split"] = "dev"
    truth["content_area"] = box(0, 0, width, height)
    truth["slides"] = [{"index": 0, "start": 0.0, "end": float(STILL_SECONDS), "first_frame": 0,
                        "last_frame": frames - 1, "theme": theme, "palette": theme,
                        "content_area": truth["content_area"],
                        "regions": scaled_regions(regions, width / SLIDE_W, height / SLIDE_H)}]
    finish_regions(truth["slides"][0]["regions"])
    truth["segments"] = hls_segments(out)
    return truth


def make_aes_hls(work):
    folder = work / "hls-aes"
    folder.mkdir()
    image, regions = render_slide(AES_SLIDE, "light")
    png = work / "hls-aes.png"
    image.save(png)
    (folder / "talk.key").write_bytes(bytes.fromhex(AES_KEY))
    info = work / "hls-aes.keyinfo"
    info.write_text(f"talk.key\n{folder / 'talk.key'}\n{AES_IV}\n")
    out = folder / "talk.m3u8"
    still_slide_hls(png, out, SLIDE_W, SLIDE_H, ["-hls_key_info_file", info])
    if '#EXT-X-KEY:METHOD=AES-128,URI="talk.key"' not in out.read_text():
        die(f"{out}: no AES-128 key line")
    truth = still_truth(out, "hls-aes/talk.m3u8", png, regions, "light", SLIDE_W, SLIDE_H, hls_input_options())
    truth["encryption"] = {"method": "AES-128", "key_uri": "talk.key", "iv": AES_IV}
    return {"hls-aes/talk.m3u8": truth}


def bandwidth(playlist):
    """Peak bits per second over the segments, as a master playlist declares it."""
    return max(math.ceil((playlist.parent / seg["file"]).stat().st_size * 8 / seg["duration"])
               for seg in hls_segments(playlist))


def avc_codec(playlist):
    stream = ffprobe_json(playlist, "-select_streams", "v:0", "-show_streams")["streams"][0]
    profiles = {"High": "6400", "Main": "4d40", "Constrained Baseline": "42e0", "Baseline": "4200"}
    return f"avc1.{profiles[stream['profile']]}{int(stream['level']):02x}"


def make_renditions(work):
    folder = work / "hls-renditions"
    image, regions = render_slide(RENDITION_SLIDE, "light")
    png = work / "hls-renditions.png"
    image.save(png)
    truths, entries, lines = {}, [], ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"]
    for name, width, height in RENDITIONS:
        out = folder / name / "index.m3u8"
        still_slide_hls(png, out, width, height)
        truth = still_truth(out, f"hls-renditions/{name}/index.m3u8", png, regions, "light", width, height)
        rate = bandwidth(out)
        entries.append({"uri": f"{name}/index.m3u8", "width": width, "height": height, "bandwidth": rate})
        lines += [f'#EXT-X-STREAM-INF:BANDWIDTH={rate},RESOLUTION={width}x{height},CODECS="{avc_codec(out)}",'
                  f'FRAME-RATE={TALK_FPS:.3f}', f"{name}/index.m3u8"]
        truths[name] = truth
    (folder / "master.m3u8").write_text("\n".join(lines) + "\n")
    sharpest = max(entries, key=lambda e: (e["width"] * e["height"], e["bandwidth"]))
    master = dict(truths[sharpest["uri"].split("/")[0]], file="master.m3u8")
    master["renditions"] = entries
    master["chosen_rendition"] = sharpest
    low = dict(truths["240p"], rendition=next(e for e in entries if e["uri"].startswith("240p/")))
    return {"hls-renditions/master.m3u8": master, "hls-renditions/240p/index.m3u8": low}
