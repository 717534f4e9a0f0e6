"""What every part of make-test-videos uses: dying with a message, where the repository and
TestVideos/ are, running a command, boxes and seconds as the truth writes them.
"""

import subprocess
import sys
from pathlib import Path


def die(message):
    # Named after the script that runs (make-test-videos, make-real-cuts).
    print(f"{Path(sys.argv[0]).name}: error: {message}", file=sys.stderr)
    sys.exit(1)


ROOT = Path(__file__).resolve().parents[3]     # scripts/lib/testvideos/ -> the repository
OUT = ROOT / "TestVideos"


# Seeds every random choice: the corrupt TS's garbage, the bad inputs' bytes, the index talk's
# typing and its camera.
SEED = 20240601


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, **kwargs)
    if result.returncode != 0:
        err = result.stderr.decode(errors="replace").strip()
        die(f"command failed ({result.returncode}): {' '.join(map(str, args))}\n{err}")
    return result.stdout


def box(left, top, right, bottom):
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}


def union(boxes):
    boxes = [b for b in boxes if b is not None]
    if not boxes:
        return None
    left = min(b["x"] for b in boxes)
    top = min(b["y"] for b in boxes)
    right = max(b["x"] + b["width"] for b in boxes)
    bottom = max(b["y"] + b["height"] for b in boxes)
    return box(left, top, right, bottom)


def seconds(value):
    return round(float(value), 6)
