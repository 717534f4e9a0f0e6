"""Text comparison shared by the benchmark scripts: truth loading and character error rates."""

import json
import re
from pathlib import Path


def edit_distance(a, b):
    """Levenshtein distance between two strings (characters)."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
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
        best = min(range(len(remaining)), key=lambda k: edit_distance(line, remaining[k]))
        distance = edit_distance(line, remaining[best])
        if distance >= len(line):
            errors += len(line)
        else:
            errors += distance
            remaining.pop(best)
    errors += sum(len(line) for line in remaining)
    return errors


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
