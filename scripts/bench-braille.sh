#!/usr/bin/env bash
# Side-by-side throughput of Lamsa's Braille engine and liblouis, whole processes
# on the same input.
#
# usage: scripts/bench-braille.sh [en|ar|both] [input-file]
#   With no input file, one is generated per language by repeating the reference
#   lines (crates/braille/tests/reference/{en,ar}.txt) up to $BENCH_CHARS chars
#   (default 4000000).
#
# Ours: `$CARGO_TARGET_DIR/release/lamsa braille --lang <l>` (stdin -> stdout) if
# that binary exists and has the `braille` subcommand (build it with
# `cargo build --release`); otherwise the braille crate's stand-in example
# `braille-stream`, which runs the same `braille::translate_lines` stream
# translation (the script says which one it used).
# liblouis: `lou_translate --forward unicode.dis,<table>` (en-ueb-g1.ctb, ar-ar-g1.utb).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=${CARGO_TARGET_DIR:-$root/target}
which=${1:-both}
given=${2:-}
chars_wanted=${BENCH_CHARS:-4000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v lou_translate >/dev/null || { echo "lou_translate not found (apt-get install -y liblouis-bin liblouis-data)" >&2; exit 1; }

ours=()
if [ -x "$target/release/lamsa" ] && "$target/release/lamsa" braille --help >/dev/null 2>&1; then
  ours=("$target/release/lamsa" braille)
  echo "ours: $target/release/lamsa braille"
else
  echo "ours: lamsa release binary with a 'braille' subcommand not found in $target/release;"
  echo "      using the braille crate's stand-in example (same braille::translate_lines stream translation)"
  cargo build --quiet --release -p braille --example braille-stream
  ours=("$target/release/examples/braille-stream")
fi

now() { date +%s.%N; }

run() { # lang table input
  local lang=$1 table=$2 input=$3
  local chars lines t0 t1 t2 ours_s lou_s
  chars=$(wc -m <"$input")
  lines=$(wc -l <"$input")
  t0=$(now)
  "${ours[@]}" --lang "$lang" <"$input" >"$work/ours.$lang"
  t1=$(now)
  lou_translate --forward "unicode.dis,$table" <"$input" >"$work/lou.$lang"
  t2=$(now)
  ours_s=$(echo "$t1 - $t0" | bc -l)
  lou_s=$(echo "$t2 - $t1" | bc -l)
  same=$(cmp -s "$work/ours.$lang" "$work/lou.$lang" && echo identical || echo "$(diff <(cat "$work/ours.$lang") <(cat "$work/lou.$lang") | grep -c '^<') lines differ")
  printf '%s: %s chars, %s lines (%s)\n' "$lang" "$chars" "$lines" "$input"
  printf '  %-12s %8.3f s  %12.0f chars/s\n' ours "$ours_s" "$(echo "$chars / $ours_s" | bc -l)"
  printf '  %-12s %8.3f s  %12.0f chars/s\n' liblouis "$lou_s" "$(echo "$chars / $lou_s" | bc -l)"
  printf '  ratio        %8.1fx  (outputs: %s)\n' "$(echo "$lou_s / $ours_s" | bc -l)" "$same"
  [ "$same" = identical ] || echo "  (with the generated input, differences are the documented exception lines of crates/braille/tests/reference.rs)"
}

gen() { # lang -> file
  local lang=$1 out=$work/input.$lang.txt
  local src=crates/braille/tests/reference/$lang.txt
  : >"$out"
  local have=0 per
  per=$(wc -m <"$src")
  local reps=$(( (chars_wanted + per - 1) / per ))
  for _ in $(seq "$reps"); do cat "$src"; done >"$out"
  echo "$out"
}

for lang in en ar; do
  if [ "$which" != both ] && [ "$which" != "$lang" ]; then continue; fi
  table=en-ueb-g1.ctb
  [ "$lang" = ar ] && table=ar-ar-g1.utb
  input=${given:-$(gen "$lang")}
  run "$lang" "$table" "$input"
done
