#!/usr/bin/env bash
# Side-by-side throughput of Lamsa's Braille engine and liblouis, whole processes
# on the same input.
#
# usage: scripts/bench-braille.sh [en|ar|both] [input-file]
#   GRADES="1 2" (default) chooses the grades: 1 is uncontracted, 2 contracted.
#   With no input file, one is generated per language and grade by repeating the
#   reference lines (crates/braille/tests/reference/{en,ar}.txt for grade 1,
#   {en,ar}-g2.txt for grade 2) up to $BENCH_CHARS chars (default 4000000).
#
# Each side runs $BENCH_RUNS times (default 3); the fastest run counts.
#
# Ours: `$CARGO_TARGET_DIR/release/lamsa braille --lang <l> [--grade 2]` (stdin ->
# stdout) if that binary exists and has the `braille` subcommand (and, for grade
# 2, its --grade option; build it with `cargo build --release`); otherwise the
# braille crate's stand-in example `braille-stream`, which runs the same
# `braille::translate_lines_with` stream translation (the script says which one).
# liblouis: `lou_translate --forward unicode.dis,<table>` (en-ueb-g1.ctb,
# ar-ar-g1.utb, en-ueb-g2.ctb, ar-ar-g2.ctb).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=${CARGO_TARGET_DIR:-$root/target}
which=${1:-both}
given=${2:-}
grades=${GRADES:-1 2}
chars_wanted=${BENCH_CHARS:-4000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v lou_translate >/dev/null || { echo "lou_translate not found (apt-get install -y liblouis-bin liblouis-data)" >&2; exit 1; }

example=$target/release/examples/braille-stream
lamsa=()
if [ -x "$target/release/lamsa" ] && "$target/release/lamsa" braille --help >/dev/null 2>&1; then
  lamsa=("$target/release/lamsa" braille)
fi
built=no
ours_for() { # grade -> sets ours=(...)
  if [ ${#lamsa[@]} -gt 0 ] && { [ "$1" = 1 ] || "${lamsa[@]}" --help 2>&1 | grep -q -- --grade; }; then
    ours=("${lamsa[@]}")
  else
    if [ $built = no ]; then
      cargo build --quiet --release -p braille --example braille-stream
      built=yes
    fi
    ours=("$example")
  fi
  [ "$1" = 2 ] && ours+=(--grade 2)
  echo "ours (grade $1): ${ours[*]}"
}

now() { date +%s.%N; }

# Times of a command reading $1 and writing $2: "wall cpu" in seconds (cpu = user +
# system), the fastest of $BENCH_RUNS runs (default 3) for each, so that other work
# on the machine disturbs both sides alike; on a busy machine the CPU time is the
# steadier figure.
timed() { # input output cmd...
  local input=$1 output=$2 best_wall='' best_cpu='' w c
  shift 2
  for _ in $(seq "${BENCH_RUNS:-3}"); do
    /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" <"$input" >"$output"
    read -r w u s <"$work/time"
    c=$(echo "$u + $s" | bc -l)
    if [ -z "$best_wall" ] || [ "$(echo "$w < $best_wall" | bc -l)" = 1 ]; then best_wall=$w; fi
    if [ -z "$best_cpu" ] || [ "$(echo "$c < $best_cpu" | bc -l)" = 1 ]; then best_cpu=$c; fi
  done
  echo "$best_wall $best_cpu"
}

run() { # lang table input
  local lang=$1 table=$2 input=$3
  local chars lines
  chars=$(wc -m <"$input")
  lines=$(wc -l <"$input")
  # Ours $BENCH_RUNS times, then liblouis $BENCH_RUNS times; the best of each.
  local ours_t lou_t ours_w ours_c lou_w lou_c
  ours_t=$(timed "$input" "$work/ours.$lang" "${ours[@]}" --lang "$lang")
  lou_t=$(timed "$input" "$work/lou.$lang" lou_translate --forward "unicode.dis,$table")
  read -r ours_w ours_c <<<"$ours_t"
  read -r lou_w lou_c <<<"$lou_t"
  # /usr/bin/time counts in hundredths of a second.
  [ "$(echo "$ours_c < 0.01" | bc -l)" = 1 ] && ours_c=0.01
  [ "$(echo "$ours_w < 0.01" | bc -l)" = 1 ] && ours_w=0.01
  same=$(cmp -s "$work/ours.$lang" "$work/lou.$lang" && echo identical || echo "$(diff <(cat "$work/ours.$lang") <(cat "$work/lou.$lang") | grep -c '^<') lines differ")
  printf '%s: %s chars, %s lines (%s)\n' "$lang" "$chars" "$lines" "$input"
  printf '  %-10s wall %7.2f s %11.0f chars/s   cpu %7.2f s %11.0f chars/s\n' ours "$ours_w" \
    "$(echo "$chars / $ours_w" | bc -l)" "$ours_c" "$(echo "$chars / $ours_c" | bc -l)"
  printf '  %-10s wall %7.2f s %11.0f chars/s   cpu %7.2f s %11.0f chars/s\n' liblouis "$lou_w" \
    "$(echo "$chars / $lou_w" | bc -l)" "$lou_c" "$(echo "$chars / $lou_c" | bc -l)"
  printf '  ratio      wall %7.1fx                         cpu %7.1fx   (outputs: %s)\n' \
    "$(echo "$lou_w / $ours_w" | bc -l)" "$(echo "$lou_c / $ours_c" | bc -l)" "$same"
  [ "$same" = identical ] || echo "  (with the generated input, differences are the documented exception lines of crates/braille/tests/reference.rs / reference_g2.rs)"
}

gen() { # lang grade -> file
  local lang=$1 grade=$2 out=$work/input.$1.g$2.txt
  local src=crates/braille/tests/reference/$lang.txt
  [ "$grade" = 2 ] && src=crates/braille/tests/reference/$lang-g2.txt
  : >"$out"
  local per
  per=$(wc -m <"$src")
  local reps=$(( (chars_wanted + per - 1) / per ))
  for _ in $(seq "$reps"); do cat "$src"; done >"$out"
  echo "$out"
}

for grade in $grades; do
  ours_for "$grade"
  for lang in en ar; do
    if [ "$which" != both ] && [ "$which" != "$lang" ]; then continue; fi
    case $lang$grade in
      en1) table=en-ueb-g1.ctb ;;
      ar1) table=ar-ar-g1.utb ;;
      en2) table=en-ueb-g2.ctb ;;
      ar2) table=ar-ar-g2.ctb ;;
    esac
    input=${given:-$(gen "$lang" "$grade")}
    echo "grade $grade, $table"
    run "$lang" "$table" "$input"
  done
done
