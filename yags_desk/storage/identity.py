"""A file's identity on disk, for caches that read again only the files that changed
(issue 18: a library of 2,000 characters takes the best part of a second to read).

Identity is the modified and changed times (ns), the size and the inode. Every
write YAGS Desk makes replaces the file (a new inode); an editor writing in place
changes the times.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

__all__ = ["RACY_NS", "StatKey", "settled", "stat_key"]

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


def settled(key: StatKey) -> bool:
    """Whether a file of identity ``key`` was last modified long enough ago for
    what was read from it to stand for it while the identity holds."""
    return key[0] + RACY_NS < time.time_ns()
