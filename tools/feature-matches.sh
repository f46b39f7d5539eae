#!/bin/sh
# Self-play matches that decide which search techniques the engine keeps: for each
# feature, the default engine (A) against the same engine with that feature off (B), at a
# fixed node count (deterministic: the same games on any machine, whatever its load).
# A positive Elo for A means the feature helps. Prints one Markdown table row per feature
# (the table of docs/engine.md).
#
# Usage: tools/feature-matches.sh [GAME] [GAMES] [NODES] [FEATURE...]
#   GAME     a built-in game (default capablanca)
#   GAMES    games per match (default 200)
#   NODES    nodes per move (default 4000)
#   FEATURE  features to test (default: all of them, as `fairyforge match` knows them)
# Environment: FAIRYFORGE (the binary, default target/release/fairyforge),
#              CONCURRENCY (games at once, default 1).
set -eu
game=${1:-capablanca}
games=${2:-200}
nodes=${3:-4000}
[ $# -gt 3 ] && shift 3 || set --
ff=${FAIRYFORGE:-target/release/fairyforge}
conc=${CONCURRENCY:-1}
features=${*:-aspiration nmp lmr futility rfp razoring lmp see_pruning qsee check_ext killers counter history iir mopup positional lazy exact_king}
echo "| feature off (B) | game | games | nodes | score of A | Elo of A over B |"
echo "|---|---|---|---|---|---|"
for f in $features; do
  out=$(nice -n 10 "$ff" match "$game" --games "$games" --nodes "$nodes" \
        --openings random-plies:8 --concurrency "$conc" --a modern --b "$f=off")
  score=$(printf '%s\n' "$out" | sed -n 's/^Score of A: .* = \(.*\)$/\1/p')
  wdl=$(printf '%s\n' "$out" | sed -n 's/^[0-9]* games: A won \([0-9]*\), drew \([0-9]*\), lost \([0-9]*\)$/+\1 =\2 -\3/p')
  elo=$(printf '%s\n' "$out" | sed -n 's/^Elo of A over B: \(.*\) (95%)$/\1/p')
  echo "| $f | $game | $games | $nodes | $score ($wdl) | $elo |"
done
