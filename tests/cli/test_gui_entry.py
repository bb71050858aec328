"""`yags-desk` with no command opens the window; every command still works without Qt."""

from __future__ import annotations

import subprocess
import sys

import pytest

from yags_desk import cli


def test_no_command_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import yags_desk.qt.shell.app as app

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
    import yags_desk.qt.shell.app as app

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


def _window_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    import yags_desk.qt.shell.app as app

    calls: list[dict[str, object]] = []

    def run(argv: object = None, **kwargs: object) -> int:
        calls.append(kwargs)
        return 0
    monkeypatch.setattr(app, "run", run)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    return calls


def test_files_on_the_command_line_open_in_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    calls = _window_calls(monkeypatch)
    assert cli.main(["hero.yags", "characters/wolf.json"]) == 0
    assert calls == [{"files": [Path("hero.yags"), Path("characters/wolf.json")],
                      "quit_after_ms": None}]
    assert cli.main(["--quit-after", "250", "./roll"]) == 0  # a file named like a command
    assert calls[1] == {"files": [Path("roll")], "quit_after_ms": 250}


def test_quit_after_closes_the_window_without_files(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _window_calls(monkeypatch)
    assert cli.main(["--quit-after", "0"]) == 0
    assert calls == [{"files": [], "quit_after_ms": 0}]


def test_quit_after_must_be_milliseconds(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    calls = _window_calls(monkeypatch)
    for value, message in (("soon", "'soon' is not a whole number"),
                           ("-5", "-5 is not between 0 and 86400000")):
        with pytest.raises(SystemExit) as exit_info:
            cli.main(["--quit-after", value, "hero.yags"])
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert "--quit-after" in err and message in err
    assert calls == []


def test_commands_still_win_over_files(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    calls = _window_calls(monkeypatch)
    assert cli.main(["--quit-after", "10", "roll", "2d10!", "--dice", "4,5"]) == 0
    assert "2d10! = 9" in capsys.readouterr().out
    assert calls == []
