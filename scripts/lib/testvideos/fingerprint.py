"""Which generator made a set of fixtures: a hash of the fixture generator's code, kept in the
manifest scripts/make-real-cuts writes, so that scripts/bench-accuracy can tell a set made by
older code (this module needs nothing beyond the standard library, as the benchmark does not)."""

import hashlib
from pathlib import Path


def generator_fingerprint(root):
    """16 hex digits over the path and bytes of every module of scripts/lib/testvideos/ and of
    scripts/make-real-cuts, in sorted order."""
    root = Path(root)
    digest = hashlib.sha256()
    for path in sorted((root / "scripts" / "lib" / "testvideos").rglob("*.py")) + [root / "scripts" / "make-real-cuts"]:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]
