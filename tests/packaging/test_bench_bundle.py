"""benchmarks/bench_bundle.py reads what build.sh measured and builds nothing itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import bench_bundle


def test_without_a_build_it_says_how_to_make_one(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench_bundle, "REPORT", tmp_path / "bundle-report.json")
    assert bench_bundle.bench() == []
    assert "not built; run packaging/build.sh" in capsys.readouterr().out


def test_report_lines_in_megabytes_and_seconds(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    report = {"yags-desk": {"bundle_bytes": 127 * 1024 * 1024, "startup": {"median_s": 0.57}},
              "hello": {"bundle_bytes": 54 * 1024 * 1024, "startup": {"median_s": 0.17}},
              "archives": {"yags-desk_0.1.0_amd64.deb": 37 * 1024 * 1024},
              "durations_s": {"pyinstaller": 31}}
    smoke = {"passed": True, "startup_median_s": 0.45, "durations_s": {"install": 9}}
    (tmp_path / "bundle-report.json").write_text(json.dumps(report), "utf-8")
    (tmp_path / "smoke-report.json").write_text(json.dumps(smoke), "utf-8")
    monkeypatch.setattr(bench_bundle, "REPORT", tmp_path / "bundle-report.json")
    monkeypatch.setattr(bench_bundle, "SMOKE", tmp_path / "smoke-report.json")
    lines = {label: (value, unit) for label, value, unit in bench_bundle.bench()}
    assert lines["bundle size (one folder)"] == (127.0, "MB")
    assert lines["hello-world bundle size (one folder)"] == (54.0, "MB")
    assert lines["archive yags-desk_0.1.0_amd64.deb"] == (37.0, "MB")
    assert lines["bundle start, show window, quit (offscreen, median)"] == (0.57, "s")
    assert lines["bare-Debian proof passed (1 yes, 0 no)"] == (1.0, "")
    assert lines["bundle start in the bare Debian (median)"] == (0.45, "s")
