"""Reading a file does not search the installed packages for pydantic plugins
(issue 18: some 25 ms of every start that reads a file and of every print)."""

from __future__ import annotations

import os
import subprocess
import sys

_READ = (
    "import importlib.metadata as m\n"
    "def refused(**kw):\n"
    "    raise SystemExit('searched the installed packages for plugins')\n"
    "m.entry_points = refused\n"
    "import yags_desk\n"
    "from yags_desk.storage.documents import read_document\n"
    "from yags_desk.storage.paths import resource_dir\n"
    "folder = resource_dir() / 'sample_library' / 'characters'\n"
    "print(read_document(sorted(folder.glob('*.json'))[0], 'character').model.name)\n"
)


def test_reading_a_character_does_not_look_for_pydantic_plugins() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    run = subprocess.run([sys.executable, "-c", _READ], capture_output=True, text=True,
                         env=env, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip()  # a character's name: the file was read


def test_a_choice_of_plugins_made_outside_is_kept() -> None:
    env = dict(os.environ, PYDANTIC_DISABLE_PLUGINS="logfire")
    run = subprocess.run([sys.executable, "-c", "import os, yags_desk; "
                          "print(os.environ['PYDANTIC_DISABLE_PLUGINS'])"],
                         capture_output=True, text=True, env=env, check=True)
    assert run.stdout.strip() == "logfire"
