"""Index clips: the settled screens `framegrab index` and `framegrab scan` find. What the talk
and the terminal clip share: encoding piped frames, settled and moving stretches from what each
frame shows, checking the boundaries, the truth.
"""

import subprocess
from fractions import Fraction

from PIL import ImageChops

from .common import box, die, seconds
from .media import BITEXACT, common_truth, decode_selected, mean_difference


# A settled screen is a maximal stretch of frames whose text does not change, held for
# at least INDEX_SETTLED frames. A mouse pointer, a blinking cursor and the speaker's camera
# inset do not change the text; two typed characters do. Shorter stretches (between
# keystrokes) and frames with no readable state (cross-fades, scrolling) are "moving".

INDEX_FPS = 25
INDEX_SETTLED = INDEX_FPS               # frames: 1 s
INDEX_TALK, INDEX_TERMINAL = "index-talk.mp4", "index-terminal.mp4"
# Two settings keep these long clips small while their text stays readable (1280x720 slides at
# 25 fps with a moving camera inset cost ~95 B a frame when nothing else changes): a high crf,
# so that P-frames spend nothing on refining still text, and a floor under the qp (qpmin), so
# that x264's lookahead cannot give every keyframe of still text ~3x the bits of a lone frame.
# Keyframes come every 10 s and at x264's scene cuts, as in the other clips: every 2 s, they
# took 0.55 MB of the two clips' 0.6 MB budget at this quality.
INDEX_H264 = ["-c:v", "libx264", "-preset", "medium", "-crf", "{crf}", "-x264-params", "qpmin={qpmin}",
              "-g", "{gop}", "-bf", "3", "-threads", "1", "-pix_fmt", "yuv420p"]
CAMERA = box(1024, 576, 1264, 712)      # the speaker's camera inset, bottom right, 240x136
TYPING_FRAMES = 3                       # frames between two bursts of typed characters
INDEX_TALK_QUALITY = (44, 38, 250)      # (crf, qpmin, keyframe interval in frames)
INDEX_TERMINAL_QUALITY = (44, 38, 250)


def encode_index(frames, width, height, out, crf, qpmin, gop, keyframes=()):
    """Encode RGB pictures at INDEX_FPS, piped raw into ffmpeg, with keyframes also at the frames
    `keyframes` lists."""
    values = {"{crf}": str(crf), "qpmin={qpmin}": f"qpmin={qpmin}", "{gop}": str(gop)}
    encoder = [values.get(a, a) for a in INDEX_H264]
    if keyframes:
        encoder += ["-force_key_frames", ",".join(f"{float(Fraction(n, INDEX_FPS)):.2f}" for n in keyframes)]
    command = ["ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
               "-s", f"{width}x{height}", "-framerate", str(INDEX_FPS), "-i", "-", *encoder,
               "-movflags", "+faststart", *BITEXACT, str(out)]
    encoder_process = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
    count = 0
    for image in frames:
        encoder_process.stdin.write(image.tobytes())
        count += 1
    encoder_process.stdin.close()
    err = encoder_process.stderr.read().decode(errors="replace").strip()
    if encoder_process.wait() != 0:
        die(f"encoding {out} failed: {err}")
    return count


def frame_time(n):
    return seconds(Fraction(n, INDEX_FPS))


def settled_and_moving(states, moving, clip):
    """Settled screens and moving stretches from what each frame shows: states[n] is frame n's
    screen (None when nothing is readable), moving[n] what moves on it (or None)."""
    def runs(values, key):
        start = 0
        for n in range(1, len(values) + 1):
            if n == len(values) or key(values[n]) != key(values[start]):
                yield start, n
                start = n

    text_of = lambda s: None if s is None else (s["text"], s["code"])
    settled, short = [], []
    for start, end in runs(states, text_of):
        if states[start] is None:
            continue
        if end - start >= INDEX_SETTLED:
            settled.append({"start": frame_time(start), "end": frame_time(end), "first_frame": start,
                            "last_frame": end - 1, **states[start]})
        else:
            short.append((start, end))
    stretches = [{"start": frame_time(start), "end": frame_time(end), "first_frame": start, "last_frame": end - 1,
                  "what": moving[start]} for start, end in runs(moving, lambda m: m) if moving[start]]
    for start, end in short:
        if not any(m["first_frame"] <= start and end - 1 <= m["last_frame"] for m in stretches):
            die(f"{clip}: frames {start}-{end - 1} show text for less than a second outside any moving stretch")
    for n, state in enumerate(states):
        if state is None and not moving[n]:
            die(f"{clip}: frame {n} shows no readable screen and nothing moving")
    for a, b in zip(settled, settled[1:]):
        if (a["text"], a["code"]) == (b["text"], b["code"]) and a["last_frame"] + 1 == b["first_frame"]:
            die(f"{clip}: settled screens at {a['start']} and {b['start']} are one")
    return settled, stretches


def check_boundaries(out, width, height, settled, picture_at):
    """Each settled screen starts and ends on the frame the truth says: around every boundary,
    a decoded frame is nearer the picture it was encoded from than its neighbour's, where the
    two pictures differ."""
    wanted = set()
    for screen in settled:
        for n in (screen["first_frame"] - 1, screen["first_frame"], screen["first_frame"] + INDEX_SETTLED // 2,
                  screen["last_frame"], screen["last_frame"] + 1):
            wanted.add(n)
    last = max(s["last_frame"] for s in settled)
    wanted = sorted(n for n in wanted if 0 <= n <= last + 1)
    wanted = [n for n in wanted if n < picture_at.count]
    decoded = dict(zip(wanted, decode_selected(out, width, height, wanted)))
    for screen in settled:
        n = screen["first_frame"] + INDEX_SETTLED // 2
        if mean_difference(decoded[n], picture_at(n)) > 4:
            die(f"{out}: frame {n} is not the picture encoded "
                f"(mean difference {mean_difference(decoded[n], picture_at(n)):.2f})")
        for n, other in ((screen["first_frame"], screen["first_frame"] - 1), (screen["last_frame"], screen["last_frame"] + 1)):
            if not 0 <= other < picture_at.count:
                continue
            mine, theirs = picture_at(n), picture_at(other)
            area = ImageChops.difference(mine, theirs).getbbox()
            # The last steps of a cross-fade are too faint for the encoder to keep apart.
            if area is None or mean_difference(mine, theirs, area) < 3:
                continue
            for frame, near, far in ((n, mine, theirs), (other, theirs, mine)):
                to_near = mean_difference(decoded[frame], near, area)
                to_far = mean_difference(decoded[frame], far, area)
                if to_near >= to_far:
                    die(f"{out}: frame {frame} looks like frame {other if frame == n else n} "
                        f"(screen at {screen['start']} s; {to_near:.2f} vs {to_far:.2f})")


def index_truth(file, p, settled, stretches):
    truth = common_truth(file, "index", "mp4", p)
    truth.update({"clip": file, "fps": INDEX_FPS, "settled_min_seconds": seconds(Fraction(INDEX_SETTLED, INDEX_FPS)),
                  "settled_screens": settled, "moving": stretches})
    return truth
