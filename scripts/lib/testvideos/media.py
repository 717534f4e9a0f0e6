"""ffmpeg and ffprobe: encoding flags that keep output byte-identical, what ffprobe says of a
file (and the truth fields every clip has from it), decoding frames back to check them.
"""

import json
from fractions import Fraction

from PIL import Image, ImageChops, ImageStat

from .common import die, run, seconds


# Flags that keep encoder/muxer output byte-identical from run to run.
BITEXACT = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]


def ffmpeg(*args):
    run(["ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-y", *map(str, args)])


def ffprobe_json(path, *args):
    return json.loads(run(["ffprobe", "-v", "error", "-of", "json", *map(str, args), str(path)]))


def probe(path, input_options=()):
    """What ffprobe says about the first video stream and its decoded frames."""
    info = ffprobe_json(path, *input_options, "-select_streams", "v:0", "-show_streams")
    if not info.get("streams"):
        die(f"{path}: ffprobe finds no video stream")
    stream = info["streams"][0]
    frames = ffprobe_json(path, *input_options, "-select_streams", "v:0", "-show_entries",
                          "frame=best_effort_timestamp,key_frame")["frames"]
    tb = Fraction(stream["time_base"])
    times = [Fraction(int(f["best_effort_timestamp"])) * tb for f in frames]
    if any(b <= a for a, b in zip(times, times[1:])):
        die(f"{path}: frame timestamps are not increasing")
    rotation = 0
    for side in stream.get("side_data_list", []):
        if side.get("side_data_type") == "Display Matrix":
            rotation = int(side.get("rotation", 0))
    sar = stream.get("sample_aspect_ratio", "1:1")
    sar = Fraction(1) if sar in ("0:1", "N/A") else Fraction(*map(int, sar.split(":")))
    return {
        "stream": stream,
        "codec": stream["codec_name"],
        "width": stream["width"],
        "height": stream["height"],
        "rate": Fraction(stream["r_frame_rate"]),
        "time_base": tb,
        "times": times,
        "keys": [i for i, f in enumerate(frames) if int(f["key_frame"])],
        "matrix_rotation": rotation,   # av_display_rotation_get: degrees counter-clockwise
        "sar": sar,
    }


def common_truth(file, kind, container, p):
    start = p["times"][0]
    rotation = (-p["matrix_rotation"]) % 360  # clockwise, as a player turns the picture
    display_w = round(p["width"] * p["sar"])
    display_h = p["height"]
    if rotation in (90, 270):
        display_w, display_h = display_h, display_w
    return {
        "file": file,
        "kind": kind,
        "container": container,
        "codec": p["codec"],
        "pixel_format": p["stream"]["pix_fmt"],
        "frame_rate": {"num": p["rate"].numerator, "den": p["rate"].denominator},
        "time_base": {"num": p["time_base"].numerator, "den": p["time_base"].denominator},
        "frame_count": len(p["times"]),
        "duration": seconds(len(p["times"]) / p["rate"]),
        "start_time": seconds(start),
        "coded": {"width": p["width"], "height": p["height"]},
        "display": {"width": display_w, "height": display_h},
        "rotation": rotation,
        "display_matrix_rotation": p["matrix_rotation"],
        "sample_aspect_ratio": {"num": p["sar"].numerator, "den": p["sar"].denominator},
        "keyframes": [seconds(p["times"][i] - start) for i in p["keys"]],
        "keyframe_indices": p["keys"],
    }


def check_timing(path, p, rate, frame_count):
    if p["rate"] != rate:
        die(f"{path}: frame rate {p['rate']} != {rate}")
    if len(p["times"]) != frame_count:
        die(f"{path}: {len(p['times'])} frames, expected {frame_count}")
    start = p["times"][0]
    for n, t in enumerate(p["times"]):
        if abs((t - start) - n / rate) > Fraction(1, 1000):
            die(f"{path}: frame {n} at {float(t - start):.6f}s, expected {float(n / rate):.6f}s")


def decode_gray(path, width, height, extra=(), input_options=()):
    """All frames in presentation order as 8-bit gray images of width x height."""
    raw = run(["ffmpeg", "-nostdin", "-v", "error", *input_options, "-i", str(path), *extra, "-fps_mode", "passthrough",
               "-f", "rawvideo", "-pix_fmt", "gray", "-"])
    size = width * height
    if len(raw) % size:
        die(f"{path}: decoded {len(raw)} bytes, not a whole number of {width}x{height} frames")
    return [Image.frombytes("L", (width, height), raw[i:i + size]) for i in range(0, len(raw), size)]


def mean_difference(a, b, area=None):
    if area:
        a, b = a.crop(area), b.crop(area)
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def decode_selected(path, width, height, indices):
    """Frames `indices` (presentation order) as 8-bit gray images of width x height, as a player shows them."""
    chosen = "+".join(f"eq(n\\,{n})" for n in indices)
    raw = run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(path), "-vf",
               f"select={chosen},scale={width}:{height}:flags=bicubic", "-fps_mode", "passthrough",
               "-f", "rawvideo", "-pix_fmt", "gray", "-"])
    size = width * height
    if len(raw) != size * len(indices):
        die(f"{path}: decoded {len(raw) // size} of the {len(indices)} frames asked for")
    return [Image.frombytes("L", (width, height), raw[i:i + size]) for i in range(0, len(raw), size)]


def hls_segments(playlist):
    segments, duration = [], None
    for line in playlist.read_text().splitlines():
        if line.startswith("#EXTINF:"):
            duration = float(line[len("#EXTINF:"):].split(",")[0])
        elif line and not line.startswith("#"):
            segments.append({"file": line, "duration": duration})
    return segments
