"""Text comparison shared by the benchmark scripts: truth loading and character error rates."""

import json
import re
from pathlib import Path


def edit_distance(a, b, limit=None):
    """Levenshtein distance between two strings (characters).

    With `limit`, gives up as soon as the distance must exceed it and returns limit + 1.
    """
    if len(a) < len(b):
        a, b = b, a
    if limit is not None and len(a) - len(b) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if limit is not None and min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def normalised_lines(text):
    """Non-blank lines with runs of white space folded to one space."""
    return [re.sub(r"\s+", " ", line).strip() for line in text.splitlines() if line.strip()]


def line_matched_errors(truth_lines, output_lines):
    """Edits to turn the output into the truth, matching lines regardless of reading order.

    Each truth line is paired with the unused output line closest to it; unmatched truth lines
    count as deleted, unmatched output lines as inserted. Reading order differs between tools
    (columns side by side), the characters should not.
    """
    remaining = list(output_lines)
    errors = 0
    for line in sorted(truth_lines, key=len, reverse=True):
        if not remaining:
            errors += len(line)
            continue
        best, distance = closest(line, remaining)
        if distance >= len(line):
            errors += len(line)
        else:
            errors += distance
            remaining.pop(best)
    errors += sum(len(line) for line in remaining)
    return errors


def closest(line, candidates):
    """(index, distance) of the candidate nearest to line; the first such on a tie.

    Candidates are tried by length difference (a lower bound of the distance), so most of them
    are ruled out without computing their distance.
    """
    best, distance = None, None
    for k in sorted(range(len(candidates)), key=lambda k: abs(len(candidates[k]) - len(line))):
        if distance is not None and abs(len(candidates[k]) - len(line)) > distance:
            break
        d = edit_distance(line, candidates[k], limit=distance)
        if distance is None or d < distance or (d == distance and k < best):
            best, distance = k, d
    return best, distance


def character_error_rate(truth_text, output_text):
    truth = normalised_lines(truth_text)
    output = normalised_lines(output_text)
    characters = sum(len(line) for line in truth)
    return line_matched_errors(truth, output) / max(characters, 1), characters


def talk_slides(test_videos):
    """(clip path, slide truth) for every slide of every talk-like clip in the manifest."""
    root = Path(test_videos)
    manifest = json.loads((root / "manifest.json").read_text())
    for clip in manifest["clips"]:
        # Single files only: the HLS talk clips test keys and renditions, not speed.
        if clip["kind"] != "talk" or clip["file"].endswith(".m3u8"):
            continue
        truth = json.loads((root / clip["truth"]).read_text())
        # The sealed holdouts are for scripts/bench-accuracy --split holdout2 / 3 / 4 / 5 / 6 / 7 alone.
        if truth.get("split") in ("holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7"):
            continue
        for slide in truth["slides"]:
            yield root / clip["file"], slide


def slide_text(slide):
    return "\n".join(region["text"] for region in slide["regions"])


def tesseract_tsv_text(tsv):
    """Lines of text from `tesseract ... tsv` output, in tesseract's order."""
    lines = {}
    order = []
    for row in tsv.splitlines()[1:]:
        fields = row.split("\t")
        if len(fields) < 12 or fields[0] != "5" or not fields[11].strip():
            continue
        key = (fields[2], fields[3], fields[4])
        if key not in lines:
            lines[key] = []
            order.append(key)
        lines[key].append(fields[11])
    return "\n".join(" ".join(lines[key]) for key in order)


# --------------------------------------------------------------------------
# Code regions (scripts/bench-accuracy)
# --------------------------------------------------------------------------

def indented_lines(text):
    """Non-blank lines keeping their leading spaces relative to the least-indented one; other
    runs of white space folded to one space. Tabs count as spaces to the next multiple of 4."""
    lines = [line.expandtabs(4).rstrip() for line in text.splitlines() if line.strip()]
    if not lines:
        return []
    margin = min(len(line) - len(line.lstrip(" ")) for line in lines)
    result = []
    for line in lines:
        indent = len(line) - len(line.lstrip(" ")) - margin
        result.append(" " * indent + re.sub(r"\s+", " ", line.strip()))
    return result


def line_errors(truth_text, output_text, keep_indent=False):
    """(edits, truth characters) for the line-matched comparison of two texts: white space
    normalised, blank lines dropped; with keep_indent, relative indentation counts too."""
    lines = indented_lines if keep_indent else normalised_lines
    truth, output = lines(truth_text), lines(output_text)
    return line_matched_errors(truth, output), sum(len(line) for line in truth)


def iou(a, b):
    """Intersection over union of two {x, y, width, height} boxes."""
    left, top = max(a["x"], b["x"]), max(a["y"], b["y"])
    right = min(a["x"] + a["width"], b["x"] + b["width"])
    bottom = min(a["y"] + a["height"], b["y"] + b["height"])
    inter = max(0, right - left) * max(0, bottom - top)
    total = a["width"] * a["height"] + b["width"] * b["height"] - inter
    return inter / total if total > 0 else 0.0


def match_regions(truth_regions, found_regions, kind="code", minimum=0.5):
    """Pair truth regions of `kind` with found regions of the same kind, one to one, best IoU
    first; only pairs with IoU >= minimum. Returns {truth index: found region}."""
    pairs = sorted(((iou(t["bbox"], f["bbox"]), i, j)
                    for i, t in enumerate(truth_regions) if t["kind"] == kind
                    for j, f in enumerate(found_regions) if f.get("kind") == kind and f.get("bbox")),
                   reverse=True)
    matched, used = {}, set()
    for overlap, i, j in pairs:
        if overlap < minimum:
            break
        if i not in matched and j not in used:
            matched[i] = found_regions[j]
            used.add(j)
    return matched


def talk_clips(test_videos):
    """(clip path, truth) for every talk-like video in the manifest. HLS playlists are left out:
    they are there for the protected-content and rendition tests (the 240p rendition is meant
    to read badly), and ffmpeg's CLI cannot open their local AES key for the baseline."""
    root = Path(test_videos)
    manifest = json.loads((root / "manifest.json").read_text())
    for clip in manifest["clips"]:
        if clip["kind"] == "talk" and not clip["file"].endswith(".m3u8"):
            yield root / clip["file"], json.loads((root / clip["truth"]).read_text())


LANGUAGE_NAMES = {
    "c++": "cpp", "cxx": "cpp", "js": "javascript", "ts": "typescript", "sh": "shell", "bash": "shell",
    "zsh": "shell", "console": "shell", "yml": "yaml", "c#": "csharp", "cs": "csharp", "golang": "go",
    "kt": "kotlin", "py": "python", "rs": "rust",
}


def language_name(value):
    """A language as the truth spells it (lowercase, e.g. cpp, csharp, shell), from a name or an
    object holding one; None when there is none."""
    if isinstance(value, dict):
        value = value.get("name") or value.get("language") or value.get("id")
    if not isinstance(value, str) or not value.strip():
        return None
    name = value.strip().lower()
    return LANGUAGE_NAMES.get(name, name)


def detection_key(detection):
    """What two detections must share to be the same find: type and text (case aside)."""
    return (str(detection.get("type", "")).lower(), str(detection.get("text", "")).lower())


# --------------------------------------------------------------------------
# Whitespace-exact comparison of whole blocks (scripts/bench-accuracy)
# --------------------------------------------------------------------------

def levenshtein(a, b):
    """Levenshtein distance between two strings of any length, bit-parallel (Myers 1999, in
    Hyyrö's form for the global distance): one pass over `a` with the columns of `b` held as
    the bits of Python integers, so a 3000-character block takes milliseconds, not seconds."""
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return len(a)
    peq = {}
    for i, ch in enumerate(b):
        peq[ch] = peq.get(ch, 0) | (1 << i)
    mask, high = (1 << m) - 1, 1 << (m - 1)
    pv, mv, score = mask, 0, m
    for ch in a:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = ((((eq & pv) + pv) & mask) ^ pv) | eq
        ph = (mv | ~(xh | pv)) & mask
        mh = pv & xh
        if ph & high:
            score += 1
        elif mh & high:
            score -= 1
        ph = ((ph << 1) | 1) & mask
        mh = (mh << 1) & mask
        pv = (mh | ~(xv | ph)) & mask
        mv = ph & xv
    return score


def exact_block(text):
    """A block as whitespace-exact CER compares it: its lines in order, each line's indentation
    relative to the block's least-indented non-blank line, trailing white space dropped, blank
    lines at the ends dropped and blank lines inside kept one for one (framegrab's code text has
    a blank line for each blank row it sees). Tabs count to the next multiple of 8 and form
    feeds (tesseract ends its page with one) are dropped."""
    lines = [line.replace("\f", "").expandtabs(8).rstrip() for line in text.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    filled = [line for line in lines if line]
    if not filled:
        return ""
    margin = min(len(line) - len(line.lstrip(" ")) for line in filled)
    return "\n".join(line[margin:] for line in lines)


def exact_errors(truth_text, output_text):
    """(edits, truth characters) between two blocks compared whitespace-exactly (exact_block):
    newlines and every leading space count as characters."""
    truth, output = exact_block(truth_text), exact_block(output_text)
    return levenshtein(truth, output), len(truth)
