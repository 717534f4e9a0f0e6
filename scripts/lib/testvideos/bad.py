"""Inputs that must fail cleanly: empty, random bytes, plain text, audio only, a truncated mp4."""

import json
import random
import re
import subprocess

from .common import SEED, die
from .counter import COUNTER_SOURCE, x264_gop
from .media import BITEXACT, ffmpeg


NOTES = (
    "Meeting notes, 14 March. We agreed to ship the frame grabber with OCR of code slides "
    "first, and to leave handwriting and photos for later. Open questions: how to report "
    "rotated phone recordings, and whether search results should link to the exact second "
    "of the talk.\n"
)


def probe_outcome(path):
    result = subprocess.run(["ffprobe", "-v", "error", "-of", "json", "-show_streams", "-show_format", str(path)],
                            capture_output=True)
    if result.returncode != 0:
        # Without the temporary path and the context's memory address, so the text is stable.
        lines = [re.sub(r" @ 0x[0-9a-f]+", "", line).replace(str(path), path.name)
                 for line in result.stderr.decode(errors="replace").strip().splitlines()]
        return {"opens": False, "error": "\n".join(lines), "video_streams": 0}
    info = json.loads(result.stdout)
    kinds = [s["codec_type"] for s in info.get("streams", [])]
    return {"opens": True, "error": None, "video_streams": kinds.count("video"),
            "streams": [{"type": s["codec_type"], "codec": s.get("codec_name")} for s in info["streams"]]}


def make_bad(work):
    bad = work / "bad"
    bad.mkdir()
    specs = []

    (bad / "empty.mp4").write_bytes(b"")
    specs.append(("empty.mp4", "empty", "A zero-byte file with a video extension."))

    (bad / "random.mp4").write_bytes(random.Random(SEED).randbytes(64 * 1024))
    specs.append(("random.mp4", "not_media", "64 KiB of seeded random bytes with a video extension."))

    (bad / "notes.txt").write_text(NOTES)
    specs.append(("notes.txt", "not_media", "A paragraph of plain text."))

    ffmpeg("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=3", "-c:a", "aac", "-b:a", "64k",
           *BITEXACT, bad / "audio-only.m4a")
    specs.append(("audio-only.m4a", "no_video", "3 s of AAC sine tone and no video stream."))

    whole = work / "untruncated.mp4"
    ffmpeg(*COUNTER_SOURCE[:-2], "-frames:v", "150", *x264_gop(300), *BITEXACT, whole)  # moov at the end
    data = whole.read_bytes()
    if data[4:8] != b"ftyp" or data.find(b"moov") < len(data) // 2:
        die("truncated.mp4 source does not have its moov at the end")
    (bad / "truncated.mp4").write_bytes(data[: len(data) // 2])
    specs.append(("truncated.mp4", "truncated",
                  "The first half of a 5 s h264 mp4 whose index (moov) was at the end: no index left."))

    truths = {}
    for name, problem, description in specs:
        outcome = probe_outcome(bad / name)
        if outcome["video_streams"]:
            die(f"bad/{name}: ffprobe finds a video stream")
        truths[f"bad/{name}"] = {"file": name, "kind": "bad", "problem": problem,
                                 "description": description, "ffprobe": outcome}
    return truths
