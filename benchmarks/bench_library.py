"""The library window at scale: 2,000 characters listed, checked and refreshed.

Run: ``python -m benchmarks.bench_library`` or through ``benchmarks.run``. A
temporary ``YAGS_DESK_HOME`` holds the sample library and 2,000 characters more
(written once, untimed); the real library is never touched. Processor time of:
the quick listing at start-up (rows from the files' JSON), the check after it
(every file read and validated, which the dock does a few milliseconds at a
time; the longest slice is what the GM can feel), the refresh after a save
with the dock's cache (one file read again) and without it (every file read
again, as before issue 18's session 12); and reading every character, as adding
combatants, applying a fight's results or starting healing does: the first time,
and again after a save (Library.load_characters reads only what changed).
Then the next start, with the listing index the check wrote
(storage.listing_index): the quick listing and the check after it, which read
only the one file saved since.
"""

from __future__ import annotations

import os
import tempfile
import time

from benchmarks.bench_storage import _characters
from yags_desk.storage import paths

__all__ = ["bench"]

COUNT = 2_000


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import yags_desk.qt  # noqa: F401  (the None guard first)
    from yags_desk.qt.library import dock as dock_module
    from yags_desk.qt.library.model import (
        ScanCache,
        read_listing_index,
        scan,
        warm,
        write_listing_index,
    )
    from yags_desk.qt.printing.render import ensure_gui_app
    from yags_desk.storage import identity
    from yags_desk.storage.library import Library

    ensure_gui_app()
    old_home = os.environ.get(paths.ENV_HOME)
    with tempfile.TemporaryDirectory(prefix="yags-bench-library-") as home:
        os.environ[paths.ENV_HOME] = home
        try:
            library = Library.open()
            for character in _characters(COUNT):
                library.save_character(character)
            # Written more than two seconds ago, as a GM's library is: the caches do
            # not keep what they read of a file modified or changed in the two
            # seconds before (identity.settled; a changed time cannot be put back).
            time.sleep(identity.RACY_NS / 1e9 + 0.2)
            files = len(list(library.characters_dir.glob("*.json")))
            scan(library)  # imports and the system's file cache, untimed

            t = time.process_time()
            scan(library, quick=True)
            quick = time.process_time() - t

            cache = ScanCache()
            slices: list[float] = []
            steps = warm(library, cache)
            done = False
            t = time.process_time()
            while not done:  # as the dock runs it: slices of CHECK_SLICE_S
                start = time.perf_counter()
                slice_cpu = time.process_time()
                for _ in steps:
                    if time.perf_counter() - start >= dock_module.CHECK_SLICE_S:
                        break
                else:
                    done = True
                slices.append(time.process_time() - slice_cpu)
            check = time.process_time() - t
            write_listing_index(library, cache)  # as the dock does after its check

            changed = library.characters_dir / "fighter-7.json"
            if not changed.exists():
                changed = sorted(library.characters_dir.glob("*.json"))[7]
            scan(library, cache=cache)
            changed.write_bytes(changed.read_bytes())  # as a save does
            t = time.process_time()
            scan(library, cache=cache)
            cached = time.process_time() - t
            library.forget_reads()  # as Refresh (F5) does
            t = time.process_time()
            scan(library)
            uncached = time.process_time() - t

            library.forget_reads()
            t = time.process_time()
            library.load_characters()
            all_first = time.process_time() - t
            changed.write_bytes(changed.read_bytes())
            t = time.process_time()
            library.load_characters()
            all_again = time.process_time() - t

            # The next start: the index read, the rows listed from it, and the check
            # (warm, then the full scan) reading only the file saved since.
            t = time.process_time()
            indexed = read_listing_index(library)
            scan(library, quick=True, cache=indexed)
            quick_indexed = time.process_time() - t
            t = time.process_time()
            for _ in warm(library, indexed):
                pass
            scan(library, cache=indexed)
            check_indexed = time.process_time() - t
        finally:
            if old_home is None:
                os.environ.pop(paths.ENV_HOME, None)
            else:
                os.environ[paths.ENV_HOME] = old_home
    return [
        (f"library of {files:,} characters: quick listing at start-up", quick * 1000, "ms"),
        (f"library of {files:,} characters: the check after it, in all", check * 1000, "ms"),
        (f"library of {files:,} characters: the check's longest slice", max(slices) * 1000,
         "ms"),
        (f"library of {files:,} characters: refresh after a save (only what changed read)",
         cached * 1000, "ms"),
        (f"library of {files:,} characters: refresh reading every file (before)",
         uncached * 1000, "ms"),
        (f"library of {files:,} characters: every character read, the first time",
         all_first * 1000, "ms"),
        (f"library of {files:,} characters: every character read again after a save",
         all_again * 1000, "ms"),
        (f"library of {files:,} characters: quick listing at the next start, with the "
         "listing index", quick_indexed * 1000, "ms"),
        (f"library of {files:,} characters: the check after it, with the listing index",
         check_indexed * 1000, "ms"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}", flush=True)
