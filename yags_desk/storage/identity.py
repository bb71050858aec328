"""A file's identity on disk, for caches that read again only the files that changed
(issue 18: a library of 2,000 characters takes the best part of a second to read).

Identity is the modified and changed times (ns), the size and the inode. Every
write YAGS Desk makes replaces the file (a new inode); an editor writing in place
changes the times.
"""

from __future__ import annotations

import os
from pathlib import Path
from time import time_ns

__all__ = ["RACY_NS", "StatKey", "clock_ns", "settled", "stat_key"]

StatKey = tuple[int, int, int, int]

# [decision] A file modified less than this before it was read is not kept: a
# filesystem with coarse times (FAT: 2 s; Windows: ticks of a few ms) could see it
# written again, same size, within the same tick ("racy clean" files, as git
# calls them). Such a file is read again next time.
RACY_NS = 2_000_000_000


def stat_key(path: Path) -> StatKey | None:
    """``path``'s identity now, or None when it cannot be looked at (gone, or a
    broken link: read it to say so, never keep it)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


def clock_ns() -> int:
    """The wall clock now, to take *before* looking at a file (see settled)."""
    return time_ns()


def settled(key: StatKey, before: int) -> bool:
    """Whether a file of identity ``key`` was last touched long enough ago for what
    was read from it to stand for it while the identity holds.

    ``before`` is clock_ns() taken before the file was looked at and read: a clock
    taken afterwards would count the time the read took as settling time. Both the
    modified and the changed time must be old: an in-place edit that puts the
    modified time back still moves the changed time, and a coarse changed time
    (seen on overlay and network filesystems) must not trust a file written again
    within its tick. On Windows the changed time is the creation time, never later
    than the modified time, so the rule falls back to the modified time there."""
    return max(key[0], key[1]) + RACY_NS < before
