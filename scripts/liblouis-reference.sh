#!/usr/bin/env bash
# Regenerates the liblouis reference files used by crates/braille/tests/reference.rs.
#
# Inputs (hand-written, one test line per line):
#   crates/braille/tests/reference/en.txt   English, checked against en-ueb-g1.ctb
#   crates/braille/tests/reference/ar.txt   Arabic,  checked against ar-ar-g1.utb
# Outputs (input TAB liblouis-output, one line per input line):
#   crates/braille/tests/reference/en.tsv
#   crates/braille/tests/reference/ar.tsv
#
# Requires liblouis (`apt-get install -y liblouis-bin liblouis-data`); the committed
# files were produced with liblouis 3.24.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=crates/braille/tests/reference
command -v lou_translate >/dev/null || { echo "lou_translate not found (apt-get install -y liblouis-bin liblouis-data)" >&2; exit 1; }
for pair in en:en-ueb-g1.ctb ar:ar-ar-g1.utb; do
  lang=${pair%%:*}
  table=${pair#*:}
  in=$dir/$lang.txt
  # lou_translate interprets backslash escapes and tabs in its input; keep them out.
  if grep -q $'[\t\\\\]' "$in"; then
    echo "$in contains a tab or backslash; liblouis would not read it literally" >&2
    exit 1
  fi
  out=$(mktemp)
  lou_translate --forward "unicode.dis,$table" <"$in" >"$out"
  if [ "$(wc -l <"$in")" != "$(wc -l <"$out")" ]; then
    echo "line count mismatch for $lang" >&2
    exit 1
  fi
  paste "$in" "$out" >"$dir/$lang.tsv"
  rm -f "$out"
  echo "$dir/$lang.tsv: $(wc -l <"$dir/$lang.tsv") lines ($(lou_translate --version | head -1))"
done
