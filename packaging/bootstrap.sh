#!/usr/bin/env bash
# One entry point for a fresh Debian/Ubuntu machine that has only Python 3.11+.
#   bash packaging/bootstrap.sh run    install everything, start YAGS Desk on the sample library
#   bash packaging/bootstrap.sh test   install everything, run lint, type checks and the test suite
#   bash packaging/bootstrap.sh system only the system packages (build.sh uses it)
# It installs Qt's system libraries with apt-get when they are missing (as root,
# or through sudo), makes a virtual environment in .venv and installs the
# package into it in editable mode.
set -euo pipefail
mode="${1:-run}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

# Libraries Qt needs to import, draw offscreen and write PDFs (see SETUP-NOTES).
runtime_pkgs=(libglib2.0-0 libgl1 libegl1 libx11-6 libdbus-1-3 libfontconfig1
              libfreetype6 libxkbcommon0 fonts-dejavu-core)
# A real window (xcb) on a desktop or under Xvfb.
window_pkgs=(libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
             libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0)
# Tests that turn PDFs into text and pictures.
test_pkgs=(poppler-utils)

wanted=("${runtime_pkgs[@]}" "${window_pkgs[@]}")
case "$mode" in test|system) wanted+=("${test_pkgs[@]}") ;; esac

if command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    missing=()
    for p in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "bootstrap: installing system packages: ${missing[*]}"
        sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
else
    echo "bootstrap: not a Debian-like system; install Qt's system libraries yourself" >&2
fi

[ "$mode" = system ] && exit 0

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
case "$mode" in
    run)
        .venv/bin/python -m pip install -q -e .
        exec .venv/bin/yags-desk "${@:2}"
        ;;
    test)
        .venv/bin/python -m pip install -q -e ".[test]"
        .venv/bin/ruff check yags_desk tests benchmarks packaging
        .venv/bin/mypy
        .venv/bin/lint-imports --no-cache
        QT_QPA_PLATFORM=offscreen exec .venv/bin/python -m pytest -q "${@:2}"
        ;;
    *)
        echo "usage: bash packaging/bootstrap.sh run|test|system" >&2
        exit 2
        ;;
esac
