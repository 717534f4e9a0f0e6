"""index-terminal.mp4: a real xterm under Xvfb with tmux inside, driven by keystrokes and
photographed after every change.
"""

import os
import shlex
import shutil
import subprocess
import time
import zlib
from fractions import Fraction

from PIL import Image

from .common import box, die, run
from .index import (INDEX_FPS, INDEX_SETTLED, INDEX_TERMINAL, INDEX_TERMINAL_QUALITY, check_boundaries,
                    encode_index, frame_time, index_truth, settled_and_moving)
from .media import check_timing, probe


# The terminal clip is a real xterm under Xvfb with tmux inside (status bar off), driven with
# tmux send-keys and photographed with xwd after every change, so its frames are what xterm
# drew; the video is then assembled at known times. The cursor blink is driven here rather
# than by xterm's timer (which no screenshot could follow): while the screen is still, the
# cursor shows for BLINK_ON frames and hides for BLINK_OFF, from the last change on.
TERMINAL_W, TERMINAL_H = 1024, 768
TERMINAL_BORDER = 8                     # xterm's inner border, pixels
TERMINAL_FONT = ("DejaVu Sans Mono", 14)   # xterm -fa/-fs, points at Xvfb's 96 dpi
TERMINAL_PROMPT = "dev@devbox:~$ "
BLINK_ON, BLINK_OFF = 15, 10            # frames (0.6 s shown, 0.4 s hidden)


def typed(text, seconds_per_key, then):
    """Keystrokes typing `text` one character at a time; the screen after the last is held `then` s."""
    return [("type", ch, seconds_per_key) for ch in text[:-1]] + [("type", text[-1], then)]


# (what, keys, seconds the screen it leads to is held): "type" sends characters as typed,
# "key" a key by tmux's name for it, "start" is the first prompt.
TERMINAL_SESSION = [
    ("start", None, 3.0),
    *typed("ec", 0.24, 3.0),
    *typed("ho 'settled screens'", 0.12, 2.0),
    ("key", "Enter", 3.0),
    *typed("ls", 0.2, 2.6),
    *typed(" -l /usr/share/doc/tmux", 0.08, 2.0),
    ("key", "Enter", 4.0),
    *typed("cl", 0.2, 2.2),
    *typed("ear", 0.16, 0.48),
    ("key", "Enter", 2.0),
    *typed("head -n 12 ", 0.12, 3.0),
    *typed("/usr/lib/python3.11/textwrap.py", 0.08, 1.6),
    ("key", "Enter", 5.0),
    *typed("wc -l /usr/lib/python3.11/textwrap.py", 0.08, 1.2),
    ("key", "Enter", 4.0),
    *typed("da", 0.2, 2.4),
    *typed("te -u -d @0", 0.12, 1.6),
    ("key", "Enter", 5.0),
]


def read_xwd(data):
    """An xwd dump of a 24-bit TrueColor screen as an RGB image."""
    fields = [int.from_bytes(data[i:i + 4], "big") for i in range(0, 100, 4)]
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = fields[7], fields[11], fields[12], fields[19]
    if bits_per_pixel != 32 or byte_order != 0:
        die(f"xwd: expected 32-bit LSB-first pixels, got {bits_per_pixel} bits, byte order {byte_order}")
    start = header_size + 12 * ncolors
    return Image.frombytes("RGB", (width, height), data[start:start + bytes_per_line * height], "raw", "BGRX",
                           bytes_per_line)


class TerminalSession:
    """Xvfb, an xterm on it and a tmux session inside, all started here and stopped on exit.

    The defaults are index-terminal.mp4's; scripts/make-real-cuts records other screens, fonts and
    colours (`cell` is the character cell the font must give at 96 dpi, checked; `env` adds to
    the shell's environment)."""

    def __init__(self, work, screen=(TERMINAL_W, TERMINAL_H), font=TERMINAL_FONT, cell=(11, 23),
                 colours=("#0c0c0c", "#d0d0d0", "#d0d0d0"), prompt=TERMINAL_PROMPT, env=()):
        self.work = work
        self.processes = []
        self.screen_size, self.font, self.expected_cell = screen, font, cell
        self.colours, self.prompt, self.extra_env = colours, prompt, tuple(env)

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.__exit__()
            raise

    def start(self):
        for tool in ("Xvfb", "xterm", "tmux", "xwd", "xdotool"):
            if shutil.which(tool) is None:
                die(f"{tool} not found (scripts/bootstrap installs xvfb, xterm, tmux, x11-apps and xdotool)")
        home = self.work / "terminal-home"
        home.mkdir(exist_ok=True)
        self.socket = str(self.work / "tmux.sock")
        read_end, write_end = os.pipe()
        self.processes.append(subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "{}x{}x24".format(*self.screen_size), "-dpi", "96",
             "-nolisten", "tcp", "-noreset"], pass_fds=(write_end,), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL))
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number.isdigit():
            die("Xvfb did not start")
        self.display = f":{number}"
        self.env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                    "TZ": "UTC", "DISPLAY": self.display, "TERM": "xterm-256color"}
        config = self.work / "tmux.conf"
        config.write_text("set -g status off\nset -g escape-time 0\nset -g history-limit 0\n")
        shell = ["env", "-i", f"HOME={home}", "PATH=/usr/bin:/bin", "TERM=screen", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
                 "TZ=UTC", f"PS1={self.prompt}", "HISTFILE=/dev/null", *self.extra_env, "bash", "--norc", "--noprofile"]
        cols = (self.screen_size[0] - 2 * TERMINAL_BORDER) // self.expected_cell[0]
        rows = (self.screen_size[1] - 2 * TERMINAL_BORDER) // self.expected_cell[1]
        self.tmux("-f", str(config), "new-session", "-d", "-s", "index", "-x", str(cols), "-y", str(rows),
                  " ".join(shlex.quote(a) for a in shell), cwd=home)
        self.tty = self.tmux("display-message", "-p", "-t", "index", "#{pane_tty}").strip()
        self.processes.append(subprocess.Popen(
            ["xterm", "-name", "framegrab", "-fa", self.font[0], "-fs", str(self.font[1]),
             "-bg", self.colours[0], "-fg", self.colours[1], "-cr", self.colours[2], "-geometry", f"{cols}x{rows}+0+0",
             "-b", str(TERMINAL_BORDER), "-bw", "0", "+sb", "-xrm", "XTerm*cursorBlink: false",
             "-e", "tmux", "-S", self.socket, "attach", "-t", "index"],
            env=self.env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        window = run(["xdotool", "search", "--sync", "--classname", "framegrab"], env=self.env).split()[0]
        # The window is found as soon as it is mapped, and on a busy machine before xterm has
        # sized it to its font (1x1): wait for that, a few seconds at most.
        for _ in range(50):
            geometry = run(["xdotool", "getwindowgeometry", "--shell", window], env=self.env).decode()
            size = dict(line.split("=") for line in geometry.split())
            if int(size["WIDTH"]) > 2 * TERMINAL_BORDER and int(size["HEIGHT"]) > 2 * TERMINAL_BORDER:
                break
            time.sleep(0.1)
        else:
            die("xterm never sized its window (5 s)")
        self.cell = ((int(size["WIDTH"]) - 2 * TERMINAL_BORDER) // cols, (int(size["HEIGHT"]) - 2 * TERMINAL_BORDER) // rows)
        self.cols, self.rows = cols, rows
        if self.cell != self.expected_cell:
            die(f"xterm's {self.font[0]} {self.font[1]} pt cell is {self.cell}, expected "
                f"{self.expected_cell[0]}x{self.expected_cell[1]} at 96 dpi")
        # Keyboard focus follows the pointer without a window manager: keep it in the window
        # (a window without focus draws a hollow cursor).
        run(["xdotool", "mousemove", str(self.screen_size[0] // 2), str(self.screen_size[1] // 2)], env=self.env)
        self.wait_for(lambda text, cursor: text == self.prompt.rstrip())
        return self

    def __exit__(self, *exc):
        if hasattr(self, "socket"):
            subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()

    def tmux(self, *args, cwd=None):
        return run(["tmux", "-S", self.socket, *args], env=self.env, cwd=cwd).decode()

    def text(self):
        """What the terminal shows, as tmux has it: each row without trailing blanks, the blank rows
        after the last written one dropped."""
        rows = [row.rstrip() for row in self.tmux("capture-pane", "-p", "-t", "index").split("\n")]
        while rows and not rows[-1]:
            rows.pop()
        return "\n".join(rows)

    def wait_for(self, done, timeout=20):
        """Poll the pane until done(text, cursor) holds and neither has changed for 0.2 s; return
        both (a typed space moves the cursor but leaves the text as it was)."""
        began, last, since = time.monotonic(), None, time.monotonic()
        while time.monotonic() - began < timeout:
            now = (self.text(), self.tmux("display-message", "-p", "-t", "index", "#{cursor_x},#{cursor_y}").strip())
            if now != last:
                last, since = now, time.monotonic()
            elif done(*now) and time.monotonic() - since >= 0.2:
                return now
            time.sleep(0.02)
        die(f"terminal did not settle; it shows:\n{last[0]}")

    def screenshot(self, unlike=None, like=None):
        """The screen once xterm has drawn a change: two dumps 50 ms apart that agree, and differ
        from `unlike` (the picture before the change) or equal `like`."""
        last = None
        for _ in range(200):
            data = read_xwd(run(["xwd", "-root", "-silent", "-display", self.display])).tobytes()
            if data == last and data != unlike and like in (None, data):
                return data
            last = data
            time.sleep(0.05)
        die("the terminal's picture does not settle")

    def cursor(self, visible):
        with open(self.tty, "w") as tty:
            tty.write("\033[?25h" if visible else "\033[?25l")


def record_terminal(work):
    """Run TERMINAL_SESSION; return its screens: (text, picture with the cursor, picture without it
    or None, frames held, keys that led to it), pictures as zlib-packed RGB."""
    screens = []
    with TerminalSession(work) as term:
        now, shown = None, None
        for what, keys, hold in TERMINAL_SESSION:
            before = now
            if what == "type":
                term.tmux("send-keys", "-t", "index", "-l", keys)
            elif what == "key":
                term.tmux("send-keys", "-t", "index", keys)
            if what == "key" and keys == "Enter":
                now = term.wait_for(lambda t, c: (t, c) != before and t.split("\n")[-1] == TERMINAL_PROMPT.rstrip())
            else:
                now = term.wait_for(lambda t, c: (t, c) != before)
            text = now[0]
            shown = term.screenshot(unlike=shown)
            frames = round(hold * INDEX_FPS)
            hidden = None
            if frames > BLINK_ON:
                term.cursor(False)
                hidden = term.screenshot(unlike=shown)
                term.cursor(True)
                term.screenshot(like=shown)
            screens.append((text, zlib.compress(shown, 1), hidden and zlib.compress(hidden, 1), frames, keys))
        geometry = {"cell": {"width": term.cell[0], "height": term.cell[1]}, "columns": term.cols, "rows": term.rows}
    return screens, geometry


class TerminalPictures:
    """Frame n of the terminal clip: its screen's picture, the cursor shown or hidden as it blinks."""

    def __init__(self, screens):
        self.at = []
        for index, (_, _, hidden, frames, _) in enumerate(screens):
            for i in range(frames):
                self.at.append((index, hidden is not None and i % (BLINK_ON + BLINK_OFF) >= BLINK_ON))
        self.screens = screens
        self.count = len(self.at)
        self.cache = {}

    def rgb(self, n):
        index, hidden = self.at[n]
        if (index, hidden) not in self.cache:
            packed = self.screens[index][2 if hidden else 1]
            self.cache = {(index, hidden): Image.frombytes("RGB", (TERMINAL_W, TERMINAL_H), zlib.decompress(packed))}
        return self.cache[(index, hidden)]

    def __call__(self, n):
        return self.rgb(n).convert("L")


def make_index_terminal(work):
    screens, geometry = record_terminal(work)
    pictures = TerminalPictures(screens)
    out = work / INDEX_TERMINAL
    count = encode_index((pictures.rgb(n) for n in range(pictures.count)), TERMINAL_W, TERMINAL_H, out,
                         *INDEX_TERMINAL_QUALITY)
    p = probe(out)
    check_timing(out, p, Fraction(INDEX_FPS), count)
    cell_w, cell_h = geometry["cell"]["width"], geometry["cell"]["height"]
    states, keystrokes, frame = [], [], 0
    for text, _, _, frames, keys in screens:
        rows = text.split("\n")
        # The box of the character cells written, from the first row to the last non-blank one.
        cells = box(TERMINAL_BORDER, TERMINAL_BORDER, TERMINAL_BORDER + cell_w * max(map(len, rows)),
                    TERMINAL_BORDER + cell_h * len(rows))
        states += [{"text": text, "code": text, "cells": cells}] * frames
        if keys:
            keystrokes.append({"frame": frame, "time": frame_time(frame), "keys": keys})
        frame += frames
    # A typed space moves the cursor but not the text: stretches are cut where the text changes.
    moving, start = [], 0
    for n in range(1, len(states) + 1):
        if n == len(states) or states[n]["text"] != states[start]["text"]:
            moving += ["typing" if n - start < INDEX_SETTLED else None] * (n - start)
            start = n
    settled, stretches = settled_and_moving(states, moving, INDEX_TERMINAL)
    check_boundaries(out, TERMINAL_W, TERMINAL_H, settled, pictures)
    truth = index_truth(INDEX_TERMINAL, p, settled, stretches)
    hidden, start = [], None
    for n, (_, off) in enumerate(pictures.at + [(None, False)]):
        if off and start is None:
            start = n
        elif not off and start is not None:
            hidden.append({"start": frame_time(start), "end": frame_time(n), "first_frame": start, "last_frame": n - 1})
            start = None
    truth["terminal"] = {
        "program": "xterm under Xvfb, tmux inside with its status bar off, bash",
        "font": {"name": TERMINAL_FONT[0], "points": TERMINAL_FONT[1], "dpi": 96, **geometry["cell"]},
        "columns": geometry["columns"], "rows": geometry["rows"],
        "text_area": box(TERMINAL_BORDER, TERMINAL_BORDER, TERMINAL_BORDER + cell_w * geometry["columns"],
                         TERMINAL_BORDER + cell_h * geometry["rows"]),
        "prompt": TERMINAL_PROMPT,
    }
    truth["cursor"] = {"shape": "block", "blink_on_frames": BLINK_ON, "blink_off_frames": BLINK_OFF, "hidden": hidden}
    truth["keystrokes"] = keystrokes
    return truth
