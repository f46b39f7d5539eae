#!/bin/sh
# Self-play matches that decide which search techniques the engine keeps: for each
# feature, the default engine with that feature on (A) against the same engine with it off
# (B), at a fixed node count (deterministic: the same games on any machine, whatever its
# load).
# A positive Elo for A means the feature helps. Prints one Markdown table row per feature
# (the tables of docs/engine.md).
#
# Usage: tools/feature-matches.sh [GAME] [GAMES] [NODES] [FEATURE...]
#   GAME     a built-in game (default capablanca)
#   GAMES    games per match (default 200; with SPRT, the most games a match plays)
#   NODES    nodes per move (default 4000)
#   FEATURE  features to test (default: all of them, as `fairyforge match` knows them)
# Environment: FAIRYFORGE (the binary, default target/release/fairyforge),
#              CONCURRENCY (games at once, default 1),
#              SEED (seed of the random openings, default 1),
#              SPRT (bounds of a sequential test, as `--sprt` takes them, e.g.
#                    `elo0=0,elo1=30`: each match stops at its verdict, and the rows
#                    gain the LLR and the verdict).
set -eu
game=${1:-capablanca}
games=${2:-200}
nodes=${3:-4000}
[ $# -gt 3 ] && shift 3 || set --
ff=${FAIRYFORGE:-target/release/fairyforge}
conc=${CONCURRENCY:-1}
seed=${SEED:-1}
sprt=${SPRT:-}
features=${*:-aspiration nmp lmr futility rfp razoring lmp see_pruning qsee check_ext killers counter history iir mopup positional lazy exact_king}
if [ -n "$sprt" ]; then
  echo "| feature off (B) | game | nodes | games | score of A | Elo of A over B | LLR (bounds) | SPRT | verdict |"
  echo "|---|---|---|---|---|---|---|---|---|"
else
  echo "| feature off (B) | game | games | nodes | score of A | Elo of A over B |"
  echo "|---|---|---|---|---|---|"
fi
for f in $features; do
  out=$(nice -n 10 "$ff" match "$game" --games "$games" --nodes "$nodes" --seed "$seed" \
        --openings random-plies:8 --concurrency "$conc" --a "$f=on" --b "$f=off" \
        ${sprt:+--sprt "$sprt"})
  played=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) games: A won .*$/\1/p')
  score=$(printf '%s\n' "$out" | sed -n 's/^Score of A: .* = \(.*\)$/\1/p')
  wdl=$(printf '%s\n' "$out" | sed -n 's/^[0-9]* games: A won \([0-9]*\), drew \([0-9]*\), lost \([0-9]*\)$/+\1 =\2 -\3/p')
  elo=$(printf '%s\n' "$out" | sed -n 's/^Elo of A over B: \(.*\) (95%)$/\1/p')
  if [ -n "$sprt" ]; then
    llr=$(printf '%s\n' "$out" | sed -n 's/^SPRT (.*): LLR \(.*\) (bounds \(.*\)): .*$/\1 (\2)/p')
    verdict=$(printf '%s\n' "$out" | sed -n 's/^SPRT (.*): LLR .*: \(.*\) after [0-9]* games$/\1/p')
    echo "| $f | $game | $nodes | $played | $score ($wdl) | $elo | $llr | $sprt | $verdict |"
  else
    echo "| $f | $game | $played | $nodes | $score ($wdl) | $elo |"
  fi
done
