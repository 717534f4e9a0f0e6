"""The clip list and main: which file shows which screens, and the run that makes them all
(or --only the index clips).
"""

import argparse
import json
import re
import shutil
import tempfile
import time
from pathlib import Path

from .bad import make_bad
from .common import OUT, die, run
from .counter import COUNTER_CLIPS, counter_source_frames, ink_union, make_counter
from .hls import make_aes_hls, make_renditions
from .index import INDEX_TALK, INDEX_TERMINAL
from .index_talk import make_index_talk
from .index_terminal import make_index_terminal
from .model import ScreenClip, TalkClip
from .output import FOLDERS, draw_overlays, remove_owned_outputs, summary, truth_path, write_json
from .protected import make_protected
from .readme import README
from .splits.dev import (ANAMORPHIC, DARK_EDITOR, EDITOR_DARK, EDITOR_LIGHT, LETTERBOX, LIGHT_EDITOR, LINKS,
                         LOW_CONTRAST, PILLARBOX, ROTATED, SLIDES_MIXED, TALK_DARK, TALK_LIGHT, TERMINAL_DARK)
from .splits.holdout import HOLDOUT_EDITOR, HOLDOUT_EDITOR_SCREENS, HOLDOUT_SLIDES, HOLDOUT_TERMINAL
from .splits.holdout2 import (SEALED_EDITOR, SEALED_EDITOR_SCREENS, SEALED_PILLARBOX, SEALED_SLIDES,
                              SEALED_TERMINAL)
from .splits.holdout3 import (SEALED3_EDITOR, SEALED3_EDITOR_SCREENS, SEALED3_LETTERBOX, SEALED3_SLIDES,
                              SEALED3_TERMINAL)
from .splits.holdout4 import (SEALED4_EDITOR, SEALED4_EDITOR_SCREENS, SEALED4_PILLARBOX, SEALED4_SLIDES,
                              SEALED4_TERMINAL)
from .splits.holdout5 import (SEALED5_EDITOR, SEALED5_EDITOR_SCREENS, SEALED5_LETTERBOX, SEALED5_SLIDES,
                              SEALED5_TERMINAL)
from .splits.holdout6 import (SEALED6_EDITOR, SEALED6_EDITOR_SCREENS, SEALED6_PILLARBOX, SEALED6_SLIDES,
                              SEALED6_TERMINAL)
from .splits.holdout7 import (SEALED7_EDITOR, SEALED7_EDITOR_SCREENS, SEALED7_LETTERBOX, SEALED7_SLIDES,
                              SEALED7_TERMINAL)
from .talk import check_unique_screens, make_screen_clip, make_talk
from .themes import FONTS, SCREEN_FONTS, SCREEN_FONT_PACKAGES


def check_tools():
    for tool in ("ffmpeg", "ffprobe"):
        if shutil.which(tool) is None:
            die(f"{tool} not found on PATH (apt-get install ffmpeg)")
    encoders = run(["ffmpeg", "-hide_banner", "-encoders"]).decode()
    for encoder in ("libx264", "libx265", "libvpx-vp9", "aac"):
        if not re.search(rf"\s{re.escape(encoder)}\s", encoders):
            die(f"ffmpeg has no {encoder} encoder")
    filters = run(["ffmpeg", "-hide_banner", "-filters"]).decode()
    if not re.search(r"\sdrawtext\s", filters):
        die("ffmpeg has no drawtext filter (needs libfreetype)")
    for path in FONTS.values():
        if not path.is_file():
            die(f"font {path} missing (apt-get install fonts-dejavu-core fonts-dejavu-extra)")
    for path, _, _ in SCREEN_FONTS.values():
        if not path.is_file():
            die(f"font {path} missing (apt-get install {SCREEN_FONT_PACKAGES})")


TALK_CLIPS = [
    TalkClip("talk-light.mp4", "light", TALK_LIGHT),
    TalkClip("talk-dark.mp4", "dark", TALK_DARK),
    TalkClip("rotated.mp4", "dark", ROTATED, storage="rotate90"),
    TalkClip("anamorphic.mp4", "light", ANAMORPHIC, storage="anamorphic"),
]


SCREEN_CLIPS = [
    ScreenClip("editor-dark-1080p.mp4", "dev", 1920, 1080, EDITOR_DARK, editor=DARK_EDITOR),
    ScreenClip("editor-light-720p.mp4", "dev", 1280, 720, EDITOR_LIGHT, editor=LIGHT_EDITOR),
    ScreenClip("terminal-1080p.mp4", "dev", 1920, 1080, TERMINAL_DARK),
    ScreenClip("low-contrast.mp4", "dev", 1280, 720, LOW_CONTRAST),
    ScreenClip("pillarbox-4x3.mp4", "dev", 1920, 1080, PILLARBOX, content=(240, 0, 1440, 1080)),
    ScreenClip("letterbox.mp4", "dev", 1920, 1080, LETTERBOX, editor=DARK_EDITOR, content=(0, 138, 1920, 804)),
    ScreenClip("links.mp4", "dev", 1280, 720, LINKS),
    ScreenClip("slides-mixed-720p.mp4", "dev", 1280, 720, SLIDES_MIXED),
    ScreenClip("holdout-editor.mp4", "holdout", 1920, 1080, HOLDOUT_EDITOR_SCREENS, editor=HOLDOUT_EDITOR),
    ScreenClip("holdout-slides.mp4", "holdout", 1280, 720, HOLDOUT_SLIDES),
    ScreenClip("holdout-terminal.mp4", "holdout", 1920, 1080, HOLDOUT_TERMINAL),
    ScreenClip("sealed-editor.mp4", "holdout2", 1920, 1080, SEALED_EDITOR_SCREENS, editor=SEALED_EDITOR),
    ScreenClip("sealed-slides.mp4", "holdout2", 1280, 720, SEALED_SLIDES),
    ScreenClip("sealed-terminal.mp4", "holdout2", 1920, 1080, SEALED_TERMINAL),
    ScreenClip("sealed-pillarbox.mp4", "holdout2", 1920, 1080, SEALED_PILLARBOX, content=(240, 0, 1440, 1080)),
    ScreenClip("sealed3-editor.mp4", "holdout3", 1920, 1080, SEALED3_EDITOR_SCREENS, editor=SEALED3_EDITOR),
    ScreenClip("sealed3-slides.mp4", "holdout3", 1280, 720, SEALED3_SLIDES),
    ScreenClip("sealed3-terminal.mp4", "holdout3", 1920, 1080, SEALED3_TERMINAL),
    ScreenClip("sealed3-letterbox.mp4", "holdout3", 1920, 1080, SEALED3_LETTERBOX, content=(0, 140, 1920, 800)),
    ScreenClip("sealed4-editor.mp4", "holdout4", 1920, 1080, SEALED4_EDITOR_SCREENS, editor=SEALED4_EDITOR),
    ScreenClip("sealed4-terminal.mp4", "holdout4", 1920, 1080, SEALED4_TERMINAL),
    ScreenClip("sealed4-slides.mp4", "holdout4", 1280, 720, SEALED4_SLIDES),
    ScreenClip("sealed4-pillarbox.mp4", "holdout4", 1280, 720, SEALED4_PILLARBOX, content=(160, 0, 960, 720)),
    ScreenClip("sealed5-editor.mp4", "holdout5", 1920, 1080, SEALED5_EDITOR_SCREENS, editor=SEALED5_EDITOR),
    ScreenClip("sealed5-terminal.mp4", "holdout5", 1920, 1080, SEALED5_TERMINAL),
    ScreenClip("sealed5-slides.mp4", "holdout5", 1280, 720, SEALED5_SLIDES),
    ScreenClip("sealed5-letterbox.mp4", "holdout5", 960, 720, SEALED5_LETTERBOX, content=(0, 90, 960, 540)),
    ScreenClip("sealed6-editor.mp4", "holdout6", 1920, 1080, SEALED6_EDITOR_SCREENS, editor=SEALED6_EDITOR),
    ScreenClip("sealed6-terminal.mp4", "holdout6", 1920, 1080, SEALED6_TERMINAL),
    ScreenClip("sealed6-slides.mp4", "holdout6", 1280, 720, SEALED6_SLIDES),
    ScreenClip("sealed6-pillarbox.mp4", "holdout6", 1280, 720, SEALED6_PILLARBOX, content=(64, 0, 1152, 720)),
    ScreenClip("sealed7-editor.mp4", "holdout7", 1920, 1080, SEALED7_EDITOR_SCREENS, editor=SEALED7_EDITOR),
    ScreenClip("sealed7-terminal.mp4", "holdout7", 1280, 720, SEALED7_TERMINAL),
    ScreenClip("sealed7-slides.mp4", "holdout7", 1280, 720, SEALED7_SLIDES),
    ScreenClip("sealed7-letterbox.mp4", "holdout7", 1024, 768, SEALED7_LETTERBOX, content=(0, 96, 1024, 576)),
]


INDEX_CLIPS = {INDEX_TALK: make_index_talk, INDEX_TERMINAL: make_index_terminal}


def main(doc):
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--overlays", type=Path, help="also write frames with truth boxes drawn on them here")
    parser.add_argument("--only", metavar="CLIPS",
                        help=f"regenerate only these comma-separated clips, leaving every other file as it is "
                             f"(one of {', '.join(INDEX_CLIPS)})")
    options = parser.parse_args()
    check_tools()
    began = time.monotonic()
    if options.only:
        make_only(options.only.split(","))
        return

    with tempfile.TemporaryDirectory(prefix="make-test-videos-") as tmp:
        work = Path(tmp)
        outputs = {}   # path relative to TestVideos/ -> truth

        for clip in TALK_CLIPS:
            outputs[clip.file] = make_talk(clip, work)
        for clip in SCREEN_CLIPS:
            outputs[clip.file] = make_screen_clip(clip, work)
        check_unique_screens([t for t in outputs.values() if t["kind"] == "talk"])

        source = counter_source_frames()
        area = ink_union(source)
        for clip in COUNTER_CLIPS:
            outputs[clip.file] = make_counter(clip, work, source, area)
        outputs.update(make_bad(work))
        outputs.update(make_protected(work))
        outputs.update(make_aes_hls(work))
        outputs.update(make_renditions(work))
        for file, make in INDEX_CLIPS.items():
            outputs[file] = make(work)

        remove_owned_outputs(outputs)
        for folder in FOLDERS:
            shutil.copytree(work / folder, OUT / folder)
        manifest = []
        for rel, truth in outputs.items():
            if rel.split("/")[0] not in FOLDERS:
                shutil.copyfile(work / rel, OUT / rel)
            write_json(OUT / truth_path(rel), truth)
            manifest.append({"file": rel, "truth": truth_path(rel), "kind": truth["kind"]})
        write_json(OUT / "manifest.json", {"clips": manifest})
        (OUT / "README.md").write_text(README)

        for rel, truth in outputs.items():
            print(summary(rel, truth))
        if options.overlays:
            for rel, truth in outputs.items():
                if truth["kind"] == "talk":
                    draw_overlays(OUT / rel, truth, options.overlays)
            print(f"overlays in {options.overlays}")

    total = sum(f.stat().st_size for f in OUT.rglob("*") if f.is_file())
    print(f"TestVideos/: {total / 1e6:.2f} MB in {time.monotonic() - began:.0f} s")


def make_only(files):
    """Regenerate a few clips that depend on no other (the index clips) and their manifest entries,
    in the order a full run lists them."""
    unknown = [f for f in files if f not in INDEX_CLIPS]
    if unknown:
        die(f"--only: {', '.join(unknown)} cannot be made alone (only {', '.join(INDEX_CLIPS)} can)")
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="make-test-videos-") as tmp:
        work = Path(tmp)
        outputs = {file: make(work) for file, make in INDEX_CLIPS.items() if file in files}
        manifest_path = OUT / "manifest.json"
        old = json.loads(manifest_path.read_text())["clips"] if manifest_path.is_file() else []
        entries = {clip["file"]: clip for clip in old}
        for rel, truth in outputs.items():
            shutil.copyfile(work / rel, OUT / rel)
            write_json(OUT / truth_path(rel), truth)
            entries[rel] = {"file": rel, "truth": truth_path(rel), "kind": truth["kind"]}
        manifest = [clip for clip in old if clip["file"] not in INDEX_CLIPS] + \
            [entries[file] for file in INDEX_CLIPS if file in entries]
        write_json(manifest_path, {"clips": manifest})
        (OUT / "README.md").write_text(README)
        for rel, truth in outputs.items():
            print(summary(rel, truth))
    total = sum(f.stat().st_size for f in OUT.rglob("*") if f.is_file())
    print(f"TestVideos/: {total / 1e6:.2f} MB in {time.monotonic() - began:.0f} s")
