#!/usr/bin/env bash
# Proof on a bare system: install the .deb in a minimal Debian and run it there.
#   bash packaging/smoke-debian.sh [build/out/yags-desk_VERSION_ARCH.deb]
# As root (debootstrap, chroot, mount). Steps:
#   1. build/debian-base: `debootstrap --variant=minbase bookworm` once (kept; set
#      DEBIAN_MIRROR to use another mirror than debootstrap's default);
#   2. build/debian-proof: a fresh copy of it for every run;
#   3. `apt-get install ./yags-desk_*.deb` inside, so the Depends are pulled from Debian;
#   4. checks there is no Python in that system;
#   5. without any network (unshare -n): opens the window offscreen on the sample
#      library and on a .yags file and closes it (--quit-after), lists the library
#      (made from the samples in the platformdirs folder), prints a character sheet
#      PDF; checks every exit code, then the PDF outside (%PDF, pages, fonts, text);
#   6. times the bundled start-up there; writes build/smoke-report.json.
# Exit status 0 only if every check passed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
deb="${1:-$(ls -t build/out/yags-desk_*.deb 2>/dev/null | head -n1)}"
[ -n "$deb" ] && [ -f "$deb" ] || { echo "smoke: no .deb; run packaging/build.sh first" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "smoke: run as root (debootstrap, chroot)" >&2; exit 2; }

base=build/debian-base
root=build/debian-proof
report=build/smoke-report.json
suite=bookworm
declare -A took=()
passed=false
startup_median=null
pages=0
pulled=0
step_start=0
step() { step_start=$SECONDS; echo "== smoke: $1"; }
done_step() { took[$1]=$((SECONDS - step_start)); }

write_report() {
    local durations="" k
    for k in "${!took[@]}"; do durations+="\"$k\": ${took[$k]}, "; done
    durations+="\"total\": $SECONDS"
    cat > "$report" <<JSON
{
  "passed": $passed,
  "deb": "$(basename "$deb")",
  "system": "debootstrap --variant=minbase $suite",
  "packages_pulled": $pulled,
  "pdf_pages": $pages,
  "startup_median_s": $startup_median,
  "durations_s": {$durations}
}
JSON
}

cleanup() {
    local status=$?
    for m in "$root/proc" "$root/dev/pts"; do
        if mountpoint -q "$m" 2>/dev/null; then umount -l "$m" || true; fi
    done
    write_report
    if [ "$status" -ne 0 ]; then echo "smoke: FAILED (see above); report in $report" >&2; fi
    exit "$status"
}
trap cleanup EXIT

fail() { echo "smoke: FAILED: $*" >&2; exit 1; }
in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }
# The program's runs: no network at all, offscreen Qt.
offline() { unshare --net chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin \
    LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen "$@"; }

step "minimal Debian ($base)"
if [ ! -x "$base/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || { apt-get update -qq; apt-get install -y -qq debootstrap; }
    rm -rf "$base"
    debootstrap --variant=minbase "$suite" "$base" ${DEBIAN_MIRROR:+"$DEBIAN_MIRROR"} >/dev/null
fi
rm -rf "$root"
cp -a "$base" "$root"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
done_step system

step "apt-get install ./$(basename "$deb") (pulls the Depends)"
cp "$deb" "$root/tmp/"
before="$(in_root dpkg-query -W -f='${Package}\n' | wc -l)"
in_root apt-get update -qq
in_root DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "/tmp/$(basename "$deb")" >/dev/null 2>"$root/tmp/apt.err" \
    || { cat "$root/tmp/apt.err" >&2; fail "apt-get install exited $?"; }
in_root dpkg-query -W yags-desk
pulled=$(( $(in_root dpkg-query -W -f='${Package}\n' | wc -l) - before - 1 ))
echo "   Depends: $(in_root dpkg-query -W -f='${Depends}' yags-desk); $pulled packages pulled with it"
done_step install

step "no Python in the system"
if in_root sh -c 'command -v python3 || command -v python || ls /usr/bin/python3* /usr/lib/python3*' \
        >/dev/null 2>&1; then
    fail "a Python is installed in $root"
fi
if in_root dpkg-query -W -f='${Package}\n' | grep -E '^(lib)?python' ; then
    fail "Python packages are installed in $root"
fi
echo "   none: only the bundle's own libpython"
done_step checks

step "window offscreen on the sample library, then on a .yags file (no network)"
offline yags-desk --quit-after 500 || fail "yags-desk --quit-after 500 exited $?"
data="$root/root/.local/share/yags-desk"
[ -f "$data/characters/aldric.json" ] || fail "the sample library was not copied to $data"
cp "$data/characters/aldric.json" "$root/root/hero.yags"
offline yags-desk --quit-after 500 /root/hero.yags || fail "opening a .yags file exited $?"
ini="$root/root/.config/yags-desk/window.ini"
[ -f "$ini" ] || fail "the window did not save its settings"
grep -q "hero.yags" "$ini" || fail "hero.yags did not open (it is not among the recent files)"
done_step window

step "yags-desk library (platformdirs folder)"
listing="$(offline yags-desk library)" || fail "yags-desk library exited $?"
echo "$listing" | head -n 3
grep -q "library at /root/.local/share/yags-desk" <<<"$listing" || fail "library not in platformdirs folder"
grep -q "Aldric of Thornbury" <<<"$listing" || fail "the sample characters are not listed"

step "yags-desk print (character sheet PDF)"
offline yags-desk print /root/.local/share/yags-desk/characters/aldric.json \
    --pdf /root/aldric.pdf --kind sheet || fail "yags-desk print exited $?"
pdf="$root/root/aldric.pdf"
[ "$(head -c 4 "$pdf")" = "%PDF" ] || fail "$pdf does not start with %PDF"
pages="$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')"
[ "${pages:-0}" -ge 1 ] || fail "$pdf has no page"
pdffonts "$pdf" | grep -q DejaVu || fail "$pdf has no DejaVu font embedded"
pdftotext "$pdf" - | grep -q "Aldric of Thornbury" || fail "$pdf does not name the character"
echo "   $pdf: $pages page(s), DejaVu fonts, names Aldric"
done_step commands

step "start-up in the bare system (start, show, quit; 5 runs)"
times=()
for _ in 1 2 3 4 5; do
    t0=$(date +%s%N)
    offline yags-desk --quit-after 0 2>/dev/null || fail "start-up run exited $?"
    times+=($(( ($(date +%s%N) - t0) / 1000000 )))
done
startup_median="$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p | awk '{printf "%.3f", $1 / 1000}')"
echo "   runs (ms): ${times[*]}; median ${startup_median} s"
done_step startup

passed=true
echo "smoke: PASSED"
