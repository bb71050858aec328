#!/usr/bin/env bash
# macOS: build "YAGS Desk.app" with the same spec as Linux and Windows, smoke-run it,
# and pack it in a .dmg with hdiutil (on a Mac; .github/workflows/installers.yml runs it).
#   bash packaging/macos/make_dmg.sh
# The .app's document types (.yags) and HiDPI flag are in packaging/macos/info_plist.json.
# Not signed or notarised: a first start needs right-click > Open (see README "Installers").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
venv=build/venv
python="${PYTHON:-python3.11}"
if [ ! -x "$venv/bin/pyinstaller" ]; then
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q -r packaging/build-requirements.txt pillow
fi
"$venv/bin/python" packaging/render_icons.py build/icons 256 >/dev/null
"$venv/bin/pyinstaller" --noconfirm --log-level WARN --distpath build/dist --workpath build/work \
    packaging/yags_desk.spec
app="build/dist/YAGS Desk.app"
"$venv/bin/python" packaging/smoke_bundle.py "$app/Contents/MacOS/yags-desk"

version="$("$venv/bin/python" -c 'import sys; sys.path.insert(0, "."); import yags_desk; print(yags_desk.__version__)')"
staging=build/dmg
rm -rf "$staging"
mkdir -p "$staging" build/out
cp -R "$app" "$staging/"
ln -s /Applications "$staging/Applications"   # drag the app onto it to install
dmg="build/out/yags-desk-$version-macos-$(uname -m).dmg"
rm -f "$dmg"
hdiutil create -volname "YAGS Desk $version" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$dmg"
hdiutil verify "$dmg"
ls -l "$dmg"
