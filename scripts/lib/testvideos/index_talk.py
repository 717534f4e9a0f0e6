"""index-talk.mp4: a talk of real source excerpts with cross-fades, typing, a scroll, a mouse
pointer and a speaker's camera inset moving in every frame.
"""

import math
import random
import sys
import textwrap
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .common import SEED, box, die
from .index import (CAMERA, INDEX_FPS, INDEX_TALK, INDEX_TALK_QUALITY, TYPING_FRAMES, check_boundaries,
                    encode_index, index_truth, settled_and_moving)
from .media import check_timing, probe
from .model import Code, Slide
from .render_slides import CODE_PAD_Y, SLIDE_H, SLIDE_W, render_slide


@dataclass(frozen=True)
class Excerpt:
    language: str
    path: str          # where the lines come from on Debian 12
    first: int         # 1-based, inclusive
    last: int
    text: str          # as shown: tabs expanded, the lines' common indentation removed


def excerpt(language, path, first, last, text):
    return Excerpt(language, path, first, last, textwrap.dedent(text).strip("\n"))


def check_excerpt(source):
    """Warn when the file an excerpt was taken from has changed (the slide keeps its copy)."""
    path = Path(source.path)
    if not path.is_file():
        return
    lines = path.read_text(errors="replace").split("\n")[source.first - 1:source.last]
    if textwrap.dedent("\n".join(l.expandtabs(8).rstrip() for l in lines)) != source.text:
        print(f"make-test-videos: note: {path} lines {source.first}-{source.last} differ from the excerpt "
              f"{INDEX_TALK} shows", file=sys.stderr)


# Real source files of a Debian 12 machine, cut mid-function.
TEXTWRAP_CHUNKS = excerpt("python", "/usr/lib/python3.11/textwrap.py", 287, 297, r'''
    while chunks:
        l = len(chunks[-1])

        # Can at least squeeze this chunk onto the current line.
        if cur_len + l <= width:
            cur_line.append(chunks.pop())
            cur_len += l

        # Nope, this line is full.
        else:
            break
    ''')
AVUTIL_CLIP = excerpt("c", "/usr/include/x86_64-linux-gnu/libavutil/common.h", 212, 220, r'''
     * Clip a signed integer value into the -128,127 range.
     * @param a value to clip
     * @return clipped value
     */
    static av_always_inline av_const int8_t av_clip_int8_c(int a)
    {
        if ((a+0x80U) & ~0xFF) return (a>>31) ^ 0x7F;
        else                  return a;
    }
    ''')
TEXT_WRAP_PM = excerpt("perl", "/usr/share/perl/5.36/Text/Wrap.pm", 43, 50, r'''
    my $ll = $columns - _xlen(expand($ip)) - 1;
    $ll = 0 if $ll < 0;
    my $nl = "";
    my $remainder = "";

    use re 'taint';

    pos($t) = 0;
    ''')
GUNZIP = excerpt("shell", "/usr/bin/gunzip", 52, 57, r'''
    case $1 in
    --help)    printf '%s\n' "$usage"   || exit 1; exit;;
    --version) printf '%s\n' "$version" || exit 1; exit;;
    esac

    exec gzip -d "$@"
    ''')
HEAPQ_NSMALLEST = excerpt("python", "/usr/lib/python3.11/heapq.py", 487, 502, r'''
    it = iter(iterable)
    # put the range(n) first so that zip() doesn't
    # consume one too many elements from the iterator
    result = [(elem, i) for i, elem in zip(range(n), it)]
    if not result:
        return result
    _heapify_max(result)
    top = result[0][0]
    order = n
    _heapreplace = _heapreplace_max
    for elem in it:
        if elem < top:
            _heapreplace(result, (elem, order))
            top, _order = result[0]
            order += 1
    result.sort()
    ''')
FILE_BASENAME_PM = excerpt("perl", "/usr/share/perl/5.36/File/Basename.pm", 125, 133, r'''
    if (grep { $type eq $_ } qw(MSDOS DOS MSWin32 Epoc)) {
      ($dirpath,$basename) = ($fullname =~ /^((?:.*[:\\\/])?)(.*)/s);
      $dirpath .= '.\\' unless $dirpath =~ /[\\\/]\z/;
    }
    elsif ($type eq "OS2") {
      ($dirpath,$basename) = ($fullname =~ m#^((?:.*[:\\/])?)(.*)#s);
      $dirpath = './' unless $dirpath;    # Can't be 0
      $dirpath .= '/' unless $dirpath =~ m#[\\/]\z#;
    }
    ''')
LDD_OPTIONS = excerpt("shell", "/usr/bin/ldd", 60, 69, r'''
    --data-rel | --data-relo | --data-reloc | --data-relocs)
      warn=yes
      shift
      ;;
    -r | --f | --fu | --fun | --func | --funct | --functi | --functio | \
    --function | --function- | --function-r | --function-re | --function-rel | \
    --function-relo | --function-reloc | --function-relocs)
      warn=yes
      bind_now=yes
      shift
    ''')
TEXTWRAP_WRAP = excerpt("python", "/usr/lib/python3.11/textwrap.py", 353, 362, r'''
        and all other whitespace characters (including newline) are
        converted to space.
        """
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        """fill(text : string) -> string
    ''')
BYTESWAP = excerpt("c", "/usr/include/x86_64-linux-gnu/bits/byteswap.h", 37, 46, r'''
      return __builtin_bswap16 (__bsx);
    #else
      return __bswap_constant_16 (__bsx);
    #endif
    }

    /* Swap bytes in 32-bit value.  */
    #define __bswap_constant_32(x)                                  \
      ((((x) & 0xff000000u) >> 24) | (((x) & 0x00ff0000u) >> 8)     \
       | (((x) & 0x0000ff00u) << 8) | (((x) & 0x000000ffu) << 24))
    ''')
INDEX_SOURCES = [TEXTWRAP_CHUNKS, AVUTIL_CLIP, TEXT_WRAP_PM, GUNZIP, HEAPQ_NSMALLEST, FILE_BASENAME_PM, LDD_OPTIONS,
                 TEXTWRAP_WRAP, BYTESWAP]


@dataclass(frozen=True)
class Scene:
    """One slide of the index talk: held `seconds` (after the fade into it, the typing or the scroll)."""
    slide: Slide
    theme: str
    seconds: float
    fade: float = 0          # seconds of cross-fade from the previous scene; 0: a hard cut
    pointer: tuple = ()      # (start, end) seconds into the hold while a mouse pointer crosses the slide
    typing: float = 0        # seconds the code panel is shown empty before its code is typed
    scroll: tuple = ()       # (rows shown, lines scrolled, seconds held before, seconds scrolling)


def code_of(source, **kwargs):
    return Code(source.language, source.text, **kwargs)


INDEX_SCENES = [
    Scene(Slide("Settled screens", bullets=(
        "A screen held for a second is read once",
        "Excerpts from files on a Debian 12 machine",
        "Typing, scrolling and a pointer in between")), "dark", 6),
    Scene(Slide("textwrap: filling the current line", code_of(TEXTWRAP_CHUNKS, size=22)), "dark", 9),
    Scene(Slide("libavutil clips without branches", code_of(AVUTIL_CLIP, size=22)), "light", 8, fade=0.8),
    Scene(Slide("Text::Wrap, typed live", code_of(TEXT_WRAP_PM, size=22), bullets=(
        "Columns left for text", "Never below zero", "Then match from pos 0")), "dark", 5, typing=2),
    Scene(Slide("gunzip is gzip -d", code_of(GUNZIP, size=24)), "dark", 14, pointer=(4, 7)),
    Scene(Slide("heapq.nsmallest keeps a max-heap", code_of(HEAPQ_NSMALLEST, size=22)), "dark", 7, fade=0.6,
          scroll=(8, 8, 6, 2.48)),
    Scene(Slide("What the index keeps", bullets=(
        "One frame per settled screen",
        "Its text, its code, its time",
        "Nothing while the picture moves",
        "The camera is never text")), "light", 5),
    Scene(Slide("File::Basename splits by platform", code_of(FILE_BASENAME_PM, size=22)), "dark", 12, fade=1.0),
    Scene(Slide("ldd accepts every prefix", code_of(LDD_OPTIONS, size=22)), "dark", 15),
    Scene(Slide("TextWrapper.wrap", code_of(TEXTWRAP_WRAP, size=22)), "dark", 8),
    Scene(Slide("glibc swaps bytes with a builtin", code_of(BYTESWAP, size=22)), "dark", 9, fade=0.72),
    Scene(Slide("Questions?", bullets=("Every excerpt names its file", "and its lines in the script")), "dark", 5),
]


class Camera:
    """A synthetic speaker's camera: a head nodding and swaying over shoulders, in front of a grainy
    room that pans slowly. Every frame differs from the one before (the head moves a pixel each
    frame), as camera video does; moves by whole pixels keep it cheap to encode."""

    def __init__(self, seed):
        rng = random.Random(seed)
        width, height = CAMERA["width"] + 160, CAMERA["height"] + 40
        coarse = Image.new("L", (width // 16 + 2, height // 16 + 2))
        coarse.putdata([rng.randrange(70, 150) for _ in range(coarse.width * coarse.height)])
        grain = Image.new("L", (width, height))
        grain.putdata([rng.randrange(0, 256) for _ in range(width * height)])
        grain = grain.filter(ImageFilter.GaussianBlur(0.8)).point(lambda v: (v - 128) // 4 + 128)
        room = ImageChops.add(coarse.resize((width, height), Image.BICUBIC), grain, offset=-128)
        self.room = Image.merge("RGB", (room.point(lambda v: min(255, v + 18)), room.point(lambda v: v + 4),
                                        room.point(lambda v: max(0, v - 14))))
        body = Image.new("RGBA", (140, 80), (0, 0, 0, 0))
        draw = ImageDraw.Draw(body)
        draw.ellipse((10, 20, 130, 120), fill=(40, 60, 110, 255))      # shoulders
        draw.rectangle((56, 0, 84, 30), fill=(200, 150, 120, 255))     # neck
        self.body = body.filter(ImageFilter.GaussianBlur(1.2))
        head = Image.new("RGBA", (64, 74), (0, 0, 0, 0))
        draw = ImageDraw.Draw(head)
        draw.ellipse((4, 8, 60, 72), fill=(222, 172, 140, 255))        # face
        draw.ellipse((2, 2, 62, 34), fill=(60, 40, 30, 255))           # hair
        self.head = head.filter(ImageFilter.GaussianBlur(1.2))

    def frame(self, n):
        def triangle(n, half):
            return n % (2 * half) if n % (2 * half) < half else 2 * half - n % (2 * half)
        pan = 40 + triangle(n // 12, 80)              # one pixel every 12 frames
        image = self.room.crop((pan, 20, pan + CAMERA["width"], 20 + CAMERA["height"]))
        image.paste(self.body, (50, 70), self.body)
        image.paste(self.head, (82 + triangle(n // 3, 8), 8 + triangle(n, 3)), self.head)
        return image


def draw_pointer(image, x, y):
    """A mouse pointer with its tip at x, y."""
    arrow = [(0, 0), (0, 17), (4, 13), (7, 20), (10, 19), (7, 12), (12, 12)]
    ImageDraw.Draw(image).polygon([(x + dx, y + dy) for dx, dy in arrow], fill="#ffffff", outline="#000000")


def intersects(a, b):
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def index_state(regions):
    """What the truth says of one drawn screen: its text (every region's lines in reading order),
    its code and its regions."""
    clear_of = box(CAMERA["x"] - 8, CAMERA["y"] - 8, CAMERA["x"] + CAMERA["width"], CAMERA["y"] + CAMERA["height"])
    for r in regions:
        for b in (r["bbox"], r.get("panel")):
            if b and intersects(b, clear_of):
                die(f"{INDEX_TALK}: {r['text'][:30]!r} runs under the camera inset")
    code = next((r["text"] for r in regions if r["kind"] == "code"), None)
    return {"text": "\n".join(r["text"] for r in regions if r["text"]), "code": code,
            "regions": [{k: r[k] for k in ("kind", "text", "bbox", "language", "panel") if k in r} for r in regions]}


@dataclass
class Shot:
    """Consecutive frames of one drawn picture (a blend of two for a cross-fade)."""
    image: Image.Image
    frames: int
    state: dict = None       # the screen's text; None while nothing is readable (a fade, a scroll)
    moving: str = None       # "cross-fade", "typing", "scroll", "pointer" or None
    blend: tuple = ()        # (from image, to image, first alpha, alpha step)
    pointer: tuple = ()      # ((x0, y0), (x1, y1)): the pointer's path over these frames


def typing_cuts(text, rng):
    """Where typing pauses: after every few characters, never right after a space or line break."""
    cuts, at = [], 0
    while at < len(text):
        at = min(len(text), at + rng.choice((1, 2, 3, 3, 4)))
        while at < len(text) and text[at - 1].isspace():
            at += 1
        cuts.append(at)
    return cuts


def scene_shots(scene, rng):
    frames = lambda seconds: round(seconds * INDEX_FPS)
    if scene.typing:
        full = scene.slide.code
        rows = full.source.count("\n") + 1
        shots = []
        for cut in [0] + typing_cuts(full.source, rng):
            slide = Slide(scene.slide.title, Code(full.language, full.source[:cut], full.theme, full.size),
                          scene.slide.bullets)
            image, regions = render_slide(slide, scene.theme, code_rows=rows)
            last = cut == len(full.source)
            held = frames(scene.typing) if cut == 0 else frames(scene.seconds) if last else TYPING_FRAMES
            shots.append(Shot(image, held, index_state(regions), None if cut == 0 or last else "typing"))
        return shots
    if scene.scroll:
        rows, lines, before, during = scene.scroll
        full = scene.slide.code
        source = full.source.split("\n")
        windows = []
        for k in range(lines + 1):
            slide = Slide(scene.slide.title, Code(full.language, "\n".join(source[k:k + rows]), full.theme, full.size),
                          scene.slide.bullets)
            windows.append(render_slide(slide, scene.theme, code_rows=rows))
        panel = windows[0][1][-1]["panel"]
        line_height = round(full.size * 1.34)
        top = panel["y"] + CODE_PAD_Y
        for _, regions in windows:
            for i, line in enumerate(regions[-1]["lines"]):
                band = top + i * line_height
                if line["bbox"] and not band <= line["bbox"]["y"] <= line["bbox"]["y"] + line["bbox"]["height"] <= band + line_height:
                    die(f"{INDEX_TALK}: scrolled line {line['text']!r} leaves its row")
        shots = [Shot(windows[0][0], frames(before), index_state(windows[0][1]))]
        steps, distance = frames(during), lines * line_height
        left, right = panel["x"], panel["x"] + panel["width"]
        for i in range(1, steps):
            offset = min(distance - 1, max(1, round(distance * (1 - math.cos(math.pi * i / steps)) / 2)))
            k, r = divmod(offset, line_height)
            image = windows[k][0].copy()
            strip = windows[k][0].crop((left, top + r, right, top + rows * line_height))
            image.paste(strip, (left, top))
            if r:
                tail = windows[k + 1][0].crop((left, top + (rows - 1) * line_height,
                                               right, top + (rows - 1) * line_height + r))
                image.paste(tail, (left, top + rows * line_height - r))
            shots.append(Shot(image, 1, None, "scroll"))
        shots.append(Shot(windows[-1][0], frames(scene.seconds), index_state(windows[-1][1])))
        return shots
    image, regions = render_slide(scene.slide, scene.theme)
    state = index_state(regions)
    if not scene.pointer:
        return [Shot(image, frames(scene.seconds), state)]
    start, end = scene.pointer
    return [Shot(image, frames(start), state),
            Shot(image, frames(end) - frames(start), state, "pointer", pointer=((140, 640), (960, 180))),
            Shot(image, frames(scene.seconds) - frames(end), state)]


def talk_shots(scenes):
    rng = random.Random(SEED)
    shots = []
    for scene in scenes:
        new = scene_shots(scene, rng)
        if scene.fade:
            steps = round(scene.fade * INDEX_FPS)
            shots.append(Shot(None, steps, None, "cross-fade", blend=(shots[-1].image, new[0].image)))
        shots += new
    return shots


class TalkPictures:
    """Frame n of the index talk, as the RGB picture the encoder is given (and, called, in gray)."""

    def __init__(self, shots, camera):
        self.camera = camera
        self.at = [(shot, i) for shot in shots for i in range(shot.frames)]
        self.count = len(self.at)

    def rgb(self, n):
        shot, i = self.at[n]
        if shot.blend:
            image = Image.blend(shot.blend[0], shot.blend[1], (i + 1) / (shot.frames + 1))
        else:
            image = shot.image.copy()
        if shot.pointer:
            (x0, y0), (x1, y1) = shot.pointer
            t = (1 - math.cos(math.pi * i / (shot.frames - 1))) / 2
            draw_pointer(image, round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t))
        image.paste(self.camera.frame(n), (CAMERA["x"], CAMERA["y"]))
        return image

    def __call__(self, n):
        return self.rgb(n).convert("L")


def make_index_talk(work):
    for source in INDEX_SOURCES:
        check_excerpt(source)
    shots = talk_shots(INDEX_SCENES)
    pictures = TalkPictures(shots, Camera(SEED))
    out = work / INDEX_TALK
    # At the qp keyframes get, P-frames cannot wash out what a cross-fade or a scroll leaves
    # behind: the screen after each starts with a keyframe, as it would after a hard cut.
    after, n = [], 0
    for shot, following in zip(shots, shots[1:] + [None]):
        n += shot.frames
        if shot.moving in ("cross-fade", "scroll") and following and following.moving is None:
            after.append(n)
    count = encode_index((pictures.rgb(n) for n in range(pictures.count)), SLIDE_W, SLIDE_H, out, *INDEX_TALK_QUALITY,
                         keyframes=after)
    p = probe(out)
    check_timing(out, p, Fraction(INDEX_FPS), count)
    states = [shot.state for shot in shots for _ in range(shot.frames)]
    moving = [shot.moving for shot in shots for _ in range(shot.frames)]
    settled, stretches = settled_and_moving(states, moving, INDEX_TALK)
    check_boundaries(out, SLIDE_W, SLIDE_H, settled, pictures)
    truth = index_truth(INDEX_TALK, p, settled, stretches)
    truth["camera"] = CAMERA
    return truth
