"""`yags-desk` with no command opens the window; every command still works without Qt."""

from __future__ import annotations

import subprocess
import sys

import pytest

from yags_desk import cli


def test_no_command_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import yags_desk.qt.app as app

    calls: list[list[str]] = []
    monkeypatch.setattr(app, "run", lambda argv=None: calls.append(list(argv or [])) or 0)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert cli.main([]) == 0
    assert len(calls) == 1 and len(calls[0]) == 1  # just the program name


def test_no_display_is_a_message_not_a_crash(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert "no display" in err and "yags-desk --help" in err


def test_help_lists_commands_and_says_what_no_command_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in ("roll", "odds", "sheet", "validate", "quick-combat", "library"):
        assert command in out
    assert "opens the desktop window" in " ".join(out.split())


def test_unknown_options_are_usage_errors_not_a_window(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import yags_desk.qt.app as app

    monkeypatch.setattr(app, "run", lambda argv=None: pytest.fail("window opened"))
    for argv in (["roll", "d20", "--bogus"], ["--bogus"]):
        with pytest.raises(SystemExit) as exit_info:
            cli.main(argv)
        assert exit_info.value.code == 2
        assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_commands_do_not_import_qt() -> None:
    code = ("import sys; from yags_desk.cli import main; main(['roll', 'd20', '--seed', '1']);"
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip().endswith("False")
