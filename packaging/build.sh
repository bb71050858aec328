#!/usr/bin/env bash
# Build YAGS Desk's standalone bundles and Linux installers; optionally prove them.
#   bash packaging/build.sh            build venv, bundles, .tar.gz, .deb, sizes and timings
#   bash packaging/build.sh --proof    the same, then packaging/smoke-debian.sh on the .deb
# Everything goes under build/ (git-ignored):
#   build/venv                 Python venv with PyInstaller (packaging/build-requirements.txt);
#                              the test venv (.venv) is never touched
#   build/dist/yags-desk       the one-folder bundle (packaging/yags_desk.spec)
#   build/dist/hello           a bare PySide6 hello-world built with the same options
#   build/out/*.tar.gz *.deb   the installers
#   build/bundle-report.json   sizes, start-up times, step durations (benchmarks/bench_bundle.py)
# Needs Python 3.11 (PYTHON=...), and for the .deb: dpkg-deb, readelf, a Debian-like system.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
proof=0
for arg in "$@"; do
    case "$arg" in
        --proof) proof=1 ;;
        *) echo "usage: bash packaging/build.sh [--proof]" >&2; exit 2 ;;
    esac
done

build=build
venv="$build/venv"
python="${PYTHON:-python3.11}"
command -v "$python" >/dev/null 2>&1 || python=python3
declare -A took=()
step_start=0
step() { step_start=$SECONDS; echo "== build: $1"; }
done_step() { took[$1]=$((SECONDS - step_start)); }

step "system packages Qt needs to run (and to be analysed by PyInstaller)"
bash packaging/bootstrap.sh system
done_step system

step "build venv ($venv)"
if [ ! -x "$venv/bin/pyinstaller" ] || ! cmp -s packaging/build-requirements.txt "$venv/.requirements"; then
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q -r packaging/build-requirements.txt
    cp packaging/build-requirements.txt "$venv/.requirements"
fi
done_step venv

version="$("$venv/bin/python" -c 'import sys; sys.path.insert(0, "."); import yags_desk; print(yags_desk.__version__)')"
arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
echo "== build: YAGS Desk $version ($arch)"

step "icons"
"$venv/bin/python" packaging/render_icons.py "$build/icons" 256 48 >/dev/null
done_step icons

step "PyInstaller: yags-desk and hello-world"
rm -rf "$build/dist" "$build/work"
for spec in packaging/yags_desk.spec packaging/hello/hello.spec; do
    "$venv/bin/pyinstaller" --noconfirm --log-level WARN \
        --distpath "$build/dist" --workpath "$build/work" "$spec"
done
done_step pyinstaller

out="$build/out"
rm -rf "$out"
mkdir -p "$out"

step ".tar.gz"
tgz="$out/yags-desk-$version-linux-$(uname -m).tar.gz"
staging="$build/tgz/yags-desk-$version"
rm -rf "$build/tgz"
mkdir -p "$staging"
cp -a "$build/dist/yags-desk/." "$staging/"
cp packaging/linux/yags-desk.desktop packaging/linux/yags-desk-mime.xml "$staging/"
cp resources/icons/yags-desk.svg "$staging/yags-desk.svg"
tar -C "$build/tgz" -czf "$tgz" "yags-desk-$version"
done_step tgz

step ".deb"
pkg="$build/deb/yags-desk_${version}_$arch"
rm -rf "$build/deb"
mkdir -p "$pkg/DEBIAN" "$pkg/opt" "$pkg/usr/bin" "$pkg/usr/share/applications" \
         "$pkg/usr/share/icons/hicolor/scalable/apps" "$pkg/usr/share/icons/hicolor/256x256/apps" \
         "$pkg/usr/share/icons/hicolor/48x48/apps" "$pkg/usr/share/metainfo" \
         "$pkg/usr/share/mime/packages" "$pkg/usr/share/doc/yags-desk"
cp -a "$build/dist/yags-desk" "$pkg/opt/yags-desk"
ln -s /opt/yags-desk/yags-desk "$pkg/usr/bin/yags-desk"
install -m 644 packaging/linux/yags-desk.desktop "$pkg/usr/share/applications/yags-desk.desktop"
install -m 644 resources/icons/yags-desk.svg "$pkg/usr/share/icons/hicolor/scalable/apps/yags-desk.svg"
install -m 644 "$build/icons/yags-desk-256.png" "$pkg/usr/share/icons/hicolor/256x256/apps/yags-desk.png"
install -m 644 "$build/icons/yags-desk-48.png" "$pkg/usr/share/icons/hicolor/48x48/apps/yags-desk.png"
install -m 644 packaging/linux/net.yagsdesk.YAGSDesk.metainfo.xml "$pkg/usr/share/metainfo/"
install -m 644 packaging/linux/yags-desk-mime.xml "$pkg/usr/share/mime/packages/yags-desk.xml"
cat > "$pkg/usr/share/doc/yags-desk/copyright" <<COPYRIGHT
YAGS Desk $version: GPL-2.0-or-later (/opt/yags-desk/_internal/licenses/GPL-2.0.txt).
It carries Qt 6 and PySide6 under the LGPL v3, Python and Python packages under their
own licences: see /opt/yags-desk/_internal/licenses/README.txt.
COPYRIGHT
depends="$("$venv/bin/python" packaging/linux/deb_depends.py "$build/dist/yags-desk")"
installed_kb="$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)"
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: yags-desk
Version: $version
Section: games
Priority: optional
Architecture: $arch
Maintainer: YAGS Desk developers <yags-desk@localhost>
Installed-Size: $installed_kb
Depends: $depends
Description: offline assistant for game masters running YAGS
 YAGS Desk keeps a library of characters for YAGS (Yet Another Game System),
 classic and 0.8 editions, works out every derived number of a sheet, runs
 quick mass battles, gives exact attack odds and prints sheets to PDF.
 This package carries its own Python and Qt in /opt/yags-desk.
CONTROL
echo "   Depends: $depends"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$pkg/usr/share/applications/yags-desk.desktop"
fi
if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net "$pkg/usr/share/metainfo/net.yagsdesk.YAGSDesk.metainfo.xml"
fi
deb="$out/yags-desk_${version}_$arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
done_step deb

step "sizes and start-up times"
durations="{"
for k in "${!took[@]}"; do durations+="\"$k\": ${took[$k]}, "; done
durations+="\"total\": $SECONDS}"
"$venv/bin/python" - "$build/bundle-report.json" "$durations" <<'PY'
import json, sys
from pathlib import Path
path = Path(sys.argv[1])
old = json.loads(path.read_text("utf-8")) if path.is_file() else {}
old["durations_s"] = {k: round(float(v), 1) for k, v in json.loads(sys.argv[2]).items()}
path.write_text(json.dumps(old, indent=2) + "\n", "utf-8")
PY
"$venv/bin/python" packaging/measure_bundle.py --runs 7 >/dev/null
ls -l "$out"

if [ "$proof" = 1 ]; then
    bash packaging/smoke-debian.sh "$deb"
fi
"$venv/bin/python" -m benchmarks.bench_bundle
