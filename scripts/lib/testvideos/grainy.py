"""A still of a grainy but legible slide: talk-dark.mp4's first slide (Go on a dark panel, a
title above it) drawn at 1280x720, scaled to 1920x1080 and covered in ffmpeg's film grain, as a
camera pointed at a screen, or a noisy encoder, leaves it. Its text is as legible as the clean
slide's; the grain is what a frame without text is made of. Kept in gray, the luma framegrab
reads (grain does not compress: in colour the PNG was 4.9 MB, in gray it is 0.8 MB). Truth: the
slide's regions, scaled.
"""

from PIL import Image

from .common import SEED, die
from .hls import scaled_regions
from .media import BITEXACT, common_truth, ffmpeg, probe
from .render_slides import SLIDE_H, SLIDE_W, render_slide
from .splits.dev import TALK_DARK
from .talk import finish_regions


GRAINY_SLIDE = "grainy-slide.png"
GRAIN_WIDTH, GRAIN_HEIGHT = 1920, 1080
# ffmpeg's noise filter: uniform grain of strength 30 (up to 18 levels either side), from a
# fixed seed so that the bytes are the same on every run.
GRAIN_FILTER = f"noise=alls=30:allf=t+u:all_seed={SEED % 65536}"


def make_grainy_slide(work):
    image, regions = render_slide(TALK_DARK[0], "dark")
    clean = work / "grainy-slide-clean.png"
    image.save(clean)
    out = work / GRAINY_SLIDE
    ffmpeg("-i", clean, "-vf", f"scale={GRAIN_WIDTH}:{GRAIN_HEIGHT}:flags=lanczos,format=gray,{GRAIN_FILTER}",
           "-frames:v", 1, "-c:v", "png", "-pix_fmt", "gray", *BITEXACT, out)
    grainy = Image.open(out).convert("L")
    if grainy.size != (GRAIN_WIDTH, GRAIN_HEIGHT):
        die(f"{out}: {grainy.size[0]}x{grainy.size[1]}, expected {GRAIN_WIDTH}x{GRAIN_HEIGHT}")
    truth = common_truth(GRAINY_SLIDE, "still", "png_pipe", probe(out))
    truth["grain"] = GRAIN_FILTER
    truth["content_area"] = {"x": 0, "y": 0, "width": GRAIN_WIDTH, "height": GRAIN_HEIGHT}
    truth["slides"] = [{"index": 0, "start": 0.0, "end": 0.0, "first_frame": 0, "last_frame": 0, "theme": "dark",
                        "palette": "dark", "content_area": truth["content_area"],
                        "regions": scaled_regions(regions, GRAIN_WIDTH / SLIDE_W, GRAIN_HEIGHT / SLIDE_H)}]
    finish_regions(truth["slides"][0]["regions"])
    return truth
