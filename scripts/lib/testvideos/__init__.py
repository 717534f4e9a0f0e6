"""The code of scripts/make-test-videos (run that; it calls main.main). Where things are:

  main.py            the clip lists (which file shows which screens, in which split) and the run
  splits/dev.py      the dev clips' slides and screens, the ones framegrab is tuned on
  splits/holdout.py  the holdout clips' screens, with the fonts and palettes only they use
  splits/holdout2.py ... holdout7.py
                     one sealed set each, with the fonts and palettes only it uses
  model.py           the dataclasses the screens are written in (Slide, Editor, Terminal, Deck ...)
  themes.py          the talk slides' themes, the screen fonts, palettes and syntax (dev's, and
                     every set's taken in)
  canvas.py          drawing a word and measuring its ink, for both renderers
  render_slides.py   the talk slides' renderer (talk clips, HLS slides, the index talk)
  render_screens.py  the screen clips' renderer (editors, terminals, decks); highlight.py colours code
  media.py           ffmpeg and ffprobe: bit-exact flags, probing, the truth every clip has, decoding
  talk.py            encoding and checking talk-like clips, the truth of their regions
  counter.py, bad.py, protected.py, hls.py
                     the frame-counter clips, the bad inputs, the protected fixtures, readable HLS
  index.py, index_talk.py, index_terminal.py
                     the index clips (a talk with a camera inset, a real xterm)
  output.py          writing TestVideos/: truth JSON, what a run owns, summaries, overlays
  real_cuts.py       scripts/make-real-cuts: excerpts cut at random lines from real source files
                     on the machine, on slides and in a real xterm, into .build/real-cuts/<split>/;
                     their splits are splits/real.py and the sealed splits/real_sealed.py
  fingerprint.py     the hash of this package's code a cut set's manifest keeps
  readme.py          TestVideos/README.md
  common.py          die, ROOT/OUT, SEED, run, box, union, seconds
"""
