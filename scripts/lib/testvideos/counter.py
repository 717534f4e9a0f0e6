"""Frame-counter clips: frame n shows n, drawn by ffmpeg's drawtext, in every container and
codec, as HLS and as a TS damaged in the middle.
"""

import random
from dataclasses import dataclass
from fractions import Fraction

from PIL import Image, ImageChops

from .common import SEED, box, die, run, seconds
from .media import (BITEXACT, check_timing, common_truth, decode_gray, ffmpeg, ffprobe_json, hls_segments,
                    mean_difference, probe)
from .themes import FONTS, FONT_NAMES


# Frame counter: frame n (0-based, presentation order) shows n as five digits.
COUNTER_W, COUNTER_H = 480, 270
COUNTER_RATE = Fraction(30000, 1001)
COUNTER_FRAMES = 600
COUNTER_DIGITS = 5
COUNTER_FONT_SIZE = 100
COUNTER_SOURCE = [
    "-f", "lavfi", "-i",
    f"color=c=white:s={COUNTER_W}x{COUNTER_H}:r=30000/1001,"
    f"drawtext=fontfile={FONTS['mono-bold']}:fontsize={COUNTER_FONT_SIZE}:fontcolor=black:"
    f"x=(w-text_w)/2:y=85:text='%{{eif\\:n\\:d\\:{COUNTER_DIGITS}}}'",
    "-frames:v", str(COUNTER_FRAMES),
]


def x264_gop(gop):
    return ["-c:v", "libx264", "-preset", "medium", "-crf", "23", "-g", str(gop),
            "-keyint_min", str(gop), "-sc_threshold", "0", "-bf", "3", "-threads", "1",
            "-pix_fmt", "yuv420p"]


@dataclass(frozen=True)
class CounterClip:
    file: str
    container: str           # truth "container" value
    codec: str
    args: list               # encoder + muxer arguments
    gop: int                 # frames between forced keyframes
    corrupt: bool = False


COUNTER_CLIPS = [
    CounterClip("counter.mp4", "mp4", "h264", x264_gop(300) + ["-movflags", "+faststart"], 300),
    CounterClip("counter.mov", "mov", "h264", x264_gop(300) + ["-f", "mov"], 300),
    CounterClip("counter.mkv", "matroska", "h264", x264_gop(300) + ["-f", "matroska"], 300),
    CounterClip("counter.webm", "webm", "vp9",
                ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-g", "300", "-keyint_min", "300",
                 "-deadline", "good", "-cpu-used", "4", "-threads", "1", "-row-mt", "0",
                 "-pix_fmt", "yuv420p", "-f", "webm"], 300),
    CounterClip("counter-hevc10.mp4", "mp4", "hevc",
                ["-c:v", "libx265", "-preset", "medium", "-crf", "26", "-pix_fmt", "yuv420p10le",
                 "-x265-params",
                 "keyint=300:min-keyint=300:bframes=4:scenecut=0:pools=none:frame-threads=1:log-level=error",
                 "-tag:v", "hvc1", "-movflags", "+faststart"], 300),
    CounterClip("counter.ts", "mpegts", "h264",
                x264_gop(300) + ["-f", "mpegts", "-output_ts_offset", "10"], 300),
    # HLS cuts segments only at keyframes: a 4 s GOP gives 4 s segments.
    CounterClip("hls/counter.m3u8", "hls", "h264",
                x264_gop(120) + ["-f", "hls", "-hls_time", "4", "-hls_list_size", "0",
                                 "-hls_playlist_type", "vod", "-hls_segment_filename", "{dir}/counter%d.ts"], 120),
    # A 2 s GOP so there are intact keyframes well before and well after the damage.
    CounterClip("counter-corrupt.ts", "mpegts", "h264", x264_gop(60) + ["-f", "mpegts"], 60, corrupt=True),
]
CORRUPT_AT = 0.45              # fraction of the file where the garbage starts
CORRUPT_BYTES = 64 * 1024      # rounded up to whole 188-byte TS packets


def counter_source_frames():
    raw = run(["ffmpeg", "-nostdin", "-v", "error", *COUNTER_SOURCE, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
    size = COUNTER_W * COUNTER_H
    frames = [Image.frombytes("L", (COUNTER_W, COUNTER_H), raw[i:i + size]) for i in range(0, len(raw), size)]
    if len(frames) != COUNTER_FRAMES:
        die(f"counter source gave {len(frames)} frames")
    return frames


def ink_union(frames):
    boxes = [ImageChops.invert(f).point(lambda v: 255 if v > 0 else 0).getbbox() for f in frames]
    return box(min(b[0] for b in boxes), min(b[1] for b in boxes),
               max(b[2] for b in boxes), max(b[3] for b in boxes))


def check_counter_frames(path, decoded, source, area):
    """Frame n of the clip must match source frame n better than its neighbours."""
    for n, frame in enumerate(decoded):
        own = mean_difference(frame, source[n], area)
        neighbours = [mean_difference(frame, source[m], area) for m in (n - 1, n + 1) if 0 <= m < len(source)]
        if own > 4 or any(d <= own for d in neighbours):
            die(f"{path}: frame {n} does not show {n:0{COUNTER_DIGITS}d} ({own:.2f} vs {neighbours})")


def corrupt_ts(path):
    """Overwrite whole TS packets near CORRUPT_AT with seeded garbage; return the byte range."""
    data = bytearray(path.read_bytes())
    packet = 188
    start = int(len(data) * CORRUPT_AT) // packet * packet
    end = start + -(-CORRUPT_BYTES // packet) * packet
    data[start:end] = random.Random(SEED).randbytes(end - start)
    path.write_bytes(bytes(data))
    return start, end


def damaged_range(p, packets, start, end):
    """From the keyframe that opens the first damaged GOP to the keyframe after the last one.

    x264 GOPs are closed, so no frame outside those GOPs refers to a damaged one."""
    tb = p["time_base"]
    positions = [int(pk["pos"]) for pk in packets]
    gop_starts = []   # presentation times of keyframes, in decode order
    damaged_gops = set()
    for i, pk in enumerate(packets):
        if "K" in pk["flags"]:
            gop_starts.append(Fraction(int(pk["pts"])) * tb)
        packet_end = positions[i + 1] if i + 1 < len(packets) else 1 << 62
        if positions[i] < end and packet_end > start:
            damaged_gops.add(len(gop_starts) - 1)
    if not damaged_gops:
        die("the corruption hit no video packet")
    first, last = min(damaged_gops), max(damaged_gops)
    t0 = gop_starts[first]
    t1 = gop_starts[last + 1] if last + 1 < len(gop_starts) else p["times"][-1] + 1 / p["rate"]
    return t0 - p["times"][0], t1 - p["times"][0]


def check_damaged(path, clean, damage, source, crop):
    """Frames outside the damaged range must still be intact; return how many frames decode."""
    broken = probe_frames_lenient(path, clean["time_base"])
    decoded = decode_gray(path, COUNTER_W, COUNTER_H)
    if len(decoded) != len(broken):
        die(f"{path}: ffprobe and ffmpeg decode different frame counts")
    start = clean["times"][0]
    t0, t1 = damage
    for t, frame in zip(broken, decoded):
        relative = t - start
        if t0 <= relative < t1:
            continue
        n = round(relative * clean["rate"])
        if abs(relative - n / clean["rate"]) > Fraction(1, 1000) or not 0 <= n < len(source):
            die(f"{path}: undamaged frame at {float(relative):.6f}s is off the frame grid")
        own = mean_difference(frame, source[n], crop)
        if own > 4:
            die(f"{path}: frame {n} at {float(relative):.3f}s is outside the damaged range but differs ({own:.2f})")
    return len(decoded)


def probe_frames_lenient(path, tb):
    frames = ffprobe_json(path, "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp")["frames"]
    return [Fraction(int(f["best_effort_timestamp"])) * tb for f in frames]


def make_counter(clip, work, source, area):
    out = work / clip.file
    out.parent.mkdir(parents=True, exist_ok=True)
    args = [a.replace("{dir}", str(out.parent)) for a in clip.args]
    ffmpeg(*COUNTER_SOURCE, "-an", *args, *BITEXACT, out)

    p = probe(out)
    check_timing(out, p, COUNTER_RATE, COUNTER_FRAMES)
    expected_keys = list(range(0, COUNTER_FRAMES, clip.gop))
    if p["keys"] != expected_keys:
        die(f"{out}: keyframes at frames {p['keys']}, expected {expected_keys}")
    crop = (area["x"], area["y"], area["x"] + area["width"], area["y"] + area["height"])
    check_counter_frames(out, decode_gray(out, COUNTER_W, COUNTER_H), source, crop)

    truth = common_truth(clip.file.split("/")[-1], "counter", clip.container, p)
    truth["counter"] = {"digits": COUNTER_DIGITS, "first_number": 0, "bbox": area,
                        "font": {"name": FONT_NAMES["mono-bold"], "size": COUNTER_FONT_SIZE}}
    if clip.container == "hls":
        truth["segments"] = hls_segments(out)
    if clip.corrupt:
        # Everything above describes the stream as encoded; now damage it.
        packets = ffprobe_json(out, "-select_streams", "v:0", "-show_entries", "packet=pts,pos,flags")["packets"]
        start, end = corrupt_ts(out)
        t0, t1 = damaged_range(p, packets, start, end)
        decodable = check_damaged(out, p, (t0, t1), source, crop)
        truth["damaged"] = {"from": seconds(t0), "to": seconds(t1), "byte_offset": start,
                            "byte_length": end - start, "decoded_frame_count": decodable}
    return truth
