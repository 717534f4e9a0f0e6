"""Writing TestVideos/: truth JSON, what a run owns, a line per clip, overlays of the truth."""

import json
import shutil

from PIL import Image, ImageDraw

from .common import OUT, box
from .media import ffmpeg


# Folders written whole (segments, keys and helper playlists beside the clips with truth).
FOLDERS = ("hls", "bad", "protected", "hls-aes", "hls-renditions")


def truth_path(file):
    return f"{file}.truth.json"


def write_json(path, value):
    # Compact: pretty-printed, the truth files took a quarter of TestVideos' 10 MB budget.
    path.write_text(json.dumps(value, sort_keys=True, separators=(",", ":")) + "\n")


def remove_owned_outputs(outputs):
    """Delete what this script wrote last time (per the old manifest) and what it writes now."""
    owned = {"README.md", "manifest.json"}
    for rel in outputs:
        owned |= {rel, truth_path(rel)}
    manifest = OUT / "manifest.json"
    if manifest.is_file():
        for clip in json.loads(manifest.read_text()).get("clips", []):
            owned |= {clip["file"], clip["truth"]}
    OUT.mkdir(exist_ok=True)
    for rel in owned:
        (OUT / rel).unlink(missing_ok=True)
    # The HLS segments, the bad and protected inputs live in folders of their own.
    for folder in FOLDERS:
        shutil.rmtree(OUT / folder, ignore_errors=True)


def draw_overlays(clip_path, truth, directory):
    """Frames from the middle of each slide with the truth drawn over them: regions (green, UI
    chrome orange), code panels (cyan), gutters and line numbers (blue), words (red), detected
    URLs and e-mail addresses (magenta) and the content area inside baked-in bars (yellow)."""
    directory.mkdir(parents=True, exist_ok=True)
    width, height = truth["display"]["width"], truth["display"]["height"]
    for slide in truth["slides"]:
        middle = (slide["start"] + slide["end"]) / 2
        png = directory / f"{clip_path.stem}-{slide['index']}.png"
        ffmpeg("-ss", middle, "-i", clip_path, "-frames:v", "1", "-vf", f"scale={width}:{height}", png)
        image = Image.open(png).convert("RGB")
        draw = ImageDraw.Draw(image)

        def outline(b, colour, grow=0, line_width=1):
            draw.rectangle((b["x"] - grow, b["y"] - grow, b["x"] + b["width"] - 1 + grow, b["y"] + b["height"] - 1 + grow),
                           outline=colour, width=line_width)

        area = slide.get("content_area")
        if area and area != box(0, 0, width, height):
            outline(area, "#ffd700", line_width=2)
        for reg in slide["regions"]:
            outline(reg["bbox"], "#ff8c00" if reg["kind"] == "ui" else "#00b000", grow=3)
            if reg.get("panel"):
                outline(reg["panel"], "#00c0c0")
            if reg.get("gutter"):
                outline(reg["gutter"], "#2060ff", grow=2)
            for line in reg["lines"]:
                if line.get("number_bbox"):
                    outline(line["number_bbox"], "#2060ff")
                for word in line["words"]:
                    outline(word["bbox"], "#ff0000")
            for found in reg.get("detections", []):
                outline(found["bbox"], "#ff00ff", grow=5, line_width=2)
        image.save(png)


def summary(rel, truth):
    path = OUT / rel
    size = path.stat().st_size + (sum(f.stat().st_size for f in path.parent.glob("*.ts")) if rel.endswith(".m3u8") else 0)
    if truth["kind"] == "protected":
        p = truth["protection"]
        return f"{rel:40} {size:>9,} B  protected {p['scheme']}/{p['system']} ({truth['stage']})"
    if truth["kind"] == "bad":
        seen = truth["ffprobe"]
        what = "ffprobe: " + seen["error"].replace("\n", " / ") if not seen["opens"] else \
            "ffprobe: " + ", ".join(f"{s['type']} {s['codec']}" for s in seen["streams"])
        return f"{rel:40} {size:>9,} B  bad/{truth['problem']}; {what}"
    d = truth["display"]
    extra = ""
    if truth["rotation"]:
        extra += f" rotation {truth['rotation']}"
    if truth["sample_aspect_ratio"] != {"num": 1, "den": 1}:
        extra += " SAR {num}:{den}".format(**truth["sample_aspect_ratio"])
    if truth["kind"] == "talk":
        found = sum(len(r["detections"]) for s in truth["slides"] for r in s["regions"])
        extra += f" {len(truth['slides'])} screens, {truth['split']}" + (f", {found} detections" if found else "")
    if truth["kind"] == "index":
        extra += f" {len(truth['settled_screens'])} settled screens, {len(truth['moving'])} moving stretches"
    if "damaged" in truth:
        extra += " damaged {from}-{to} s".format(**truth["damaged"])
    keys = ",".join(f"{k:g}" for k in truth["keyframes"])
    return (f"{rel:40} {size:>9,} B  {truth['codec']} {truth['coded']['width']}x{truth['coded']['height']}"
            f"->{d['width']}x{d['height']} {truth['frame_count']} frames {truth['duration']:g} s"
            f" start {truth['start_time']:g} keyframes {keys}{extra}")
