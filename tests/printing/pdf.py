"""Reading a PDF's text and page count with poppler-utils, as a person would see it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

__all__ = ["flat", "info", "need_poppler", "page_count", "page_size", "pages_text"]

need_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None,
    reason="poppler-utils (pdftotext, pdfinfo) is not installed; it reads the PDFs back")


def pages_text(path: Path) -> list[str]:
    """The text of each page (``pdftotext -layout``)."""
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                         text=True, check=True).stdout
    pages = out.split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def info(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                         check=True).stdout
    return {k.strip(): v.strip() for k, _, v in (line.partition(":")
                                                 for line in out.splitlines())}


def page_count(path: Path) -> int:
    return int(info(path)["Pages"])


def page_size(path: Path) -> tuple[float, float]:
    """Width and height in points."""
    m = re.match(r"([\d.]+) x ([\d.]+) pts", info(path)["Page size"])
    assert m, info(path)
    return float(m.group(1)), float(m.group(2))


def flat(text: str) -> str:
    """Whitespace collapsed: a sentence wrapped over lines of one cell reads whole."""
    return " ".join(text.split())
