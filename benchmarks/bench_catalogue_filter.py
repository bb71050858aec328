"""Type-to-filter in the catalogue view with 5,000 custom items, per keystroke.

Run: ``.venv/bin/python -m benchmarks.bench_catalogue_filter``. Uses an
offscreen Qt platform and a temporary ``YAGS_DESK_HOME``.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time

__all__ = ["bench"]

COUNT = 5_000
_WORDS = ("long", "short", "broad", "bastard", "curved", "spiked", "war", "hunting",
          "iron", "bronze", "steel", "bone", "great", "light", "heavy", "notched")
_NOUNS = ("sword", "axe", "mace", "spear", "club", "dagger", "pick", "flail", "hammer",
          "glaive", "sabre", "knife")
TYPED = "long sword"


def _items(rng: random.Random) -> list[object]:
    from yags_desk.rules.items import Armour, Weapon

    out: list[object] = []
    for n in range(COUNT):
        name = f"{rng.choice(_WORDS).capitalize()} {rng.choice(_NOUNS)} {n}"
        if n % 10 == 9:
            out.append(Armour(id=f"armour-{n}", name=f"{rng.choice(_WORDS)} coat {n}",
                              edition="classic", half_protection=rng.randint(1, 9),
                              half_load=rng.randint(1, 5), full_protection=rng.randint(5, 14),
                              full_load=rng.randint(2, 10), notes="generated"))
            continue
        out.append(Weapon(id=f"item-{n}", name=name, edition="classic", kind="melee",
                          init=rng.randint(0, 12), attack=rng.randint(0, 8),
                          defence=rng.randint(0, 8), damage=rng.randint(2, 14),
                          strength=rng.randint(4, 24), load=rng.randint(0, 7),
                          skill=rng.choice(("single", "great", "brawling")),
                          properties=rng.sample(("light", "heavy", "two-handed"), 1),
                          notes=f"forged by smith {rng.randint(1, 40)}"))
    return out


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        from PySide6.QtWidgets import QApplication

        from yags_desk.qt.catalogue.view import CatalogueView
        from yags_desk.qt.common.catalogue_store import CatalogueStore
        from yags_desk.rules.catalogue import Catalogue

        app = QApplication.instance() or QApplication([])
        store = CatalogueStore("classic")
        view = CatalogueView(store)
        view.resize(1366, 768)
        view.show()
        app.processEvents()
        base = store.catalogue
        items = _items(random.Random(5000))
        t = time.perf_counter()
        store.set_catalogue(Catalogue("classic", base.builtin_items(), items))  # type: ignore[arg-type]
        app.processEvents()
        load_ms = (time.perf_counter() - t) * 1000

        times: list[float] = []
        cpu: list[float] = []
        shown = 0
        for _ in range(5):
            steps = [TYPED[:i] for i in range(1, len(TYPED) + 1)]
            steps += [TYPED[:i] for i in range(len(TYPED) - 1, -1, -1)]  # backspaces
            for text in steps:
                t, c = time.perf_counter(), time.process_time()
                view.filter_edit.setText(text)
                app.processEvents()
                times.append((time.perf_counter() - t) * 1000)
                cpu.append((time.process_time() - c) * 1000)
                if text == TYPED:
                    shown = view.proxies["melee"].rowCount()
        view.close()
        view.deleteLater()
        app.processEvents()
    return [
        (f"catalogue view: {COUNT:,} custom items into the tables", load_ms, "ms"),
        (f"catalogue filter per keystroke incl. repaint, median of {len(times)}",
         statistics.median(times), "ms"),
        ("catalogue filter per keystroke, CPU time of this process, median",
         statistics.median(cpu), "ms"),
        ("catalogue filter per keystroke, slowest", max(times), "ms"),
        (f"catalogue filter: melee rows matching {TYPED!r} (sanity)", float(shown), "rows"),
    ]


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name}: {value:.2f} {unit}")
