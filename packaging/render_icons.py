"""Draw the application icon (resources/icons/yags-desk.svg) as PNG files for installers.

    python packaging/render_icons.py OUT_DIR [SIZE...]    (default sizes: 256 48)

Writes OUT_DIR/yags-desk-SIZE.png with Qt's own SVG renderer, so the build needs
no image tools beyond the PySide6 it bundles anyway.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "yags-desk.svg"


def render(out_dir: Path, sizes: list[int]) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(["render_icons"])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG}: not a valid SVG")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        path = out_dir / f"yags-desk-{size}.png"
        if not image.save(str(path)):
            raise SystemExit(f"{path}: cannot be written")
        written.append(path)
    return written


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    for p in render(Path(sys.argv[1]), [int(s) for s in sys.argv[2:]] or [256, 48]):
        print(p)
