"""The screen data of each split, one module each: dev (what framegrab is tuned on), holdout, and the
sealed sets holdout2 ... holdout7, each in a module of its own so that reading one never
means scrolling past another.

Screens for reading code (data): editors with gutters and chrome, terminals,
slides in more fonts and themes, bars baked into the picture. "dev" clips are
the ones framegrab is tuned on; "holdout" clips use code fonts and colour
themes that no dev clip uses, to show that the tuning carries over; "holdout2"
clips are a second, sealed holdout set (fonts, themes and languages used nowhere
else) that is never looked at while tuning; "holdout3" clips are a third sealed set
(fonts and themes used nowhere else), kept for one final evaluation; "holdout4" clips are a
fourth sealed set of the same kind, for one more evaluation; "holdout5" clips are a fifth;
"holdout6" clips are a sixth; "holdout7" clips are a seventh.

real.py and real_sealed.py are not clip lists of make-test-videos but scripts/make-real-cuts'
splits: the frames' shapes and the directories excerpts are cut from, the dev one and a sealed
one; reading.py and reading_sealed.py are its issue 14 pair of the same kind (the second sealed).
"""
