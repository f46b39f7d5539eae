#!/bin/sh
# Reproduces a built-in game's shipped network from nothing: self-play data in chunks,
# then the fit. Usage, from the repository's root after `cargo build --release`:
#
#   tools/reproduce-net.sh capablanca [OUTPUT]
#
# The cost and the matches behind the network: docs/engine.md § Built-in networks.
set -eu
game=${1:?usage: tools/reproduce-net.sh GAME [OUTPUT]}
out=${2:-$game.nnue}
ff=${FAIRYFORGE:-target/release/fairyforge}
# chunks FIRST LAST GAMES NODES ENGINE [NET]: self-play data of seeds FIRST to LAST, one
# file a seed (kept, so that a run cut short goes on where it stopped), appended to
# $all.part in the seeds' order.
chunks() {
  seed=$1
  while [ "$seed" -le "$2" ]; do
    chunk="$work/n$4-s$seed.data"
    if [ ! -f "$chunk" ]; then
      "$ff" train "$game" --games "$3" --nodes "$4" --openings random-plies:8 \
        --seed "$seed" --engine "$5" ${6:+--net "$6"} --hidden 1 --epochs 1 \
        --save-data "$chunk.part" -o "$work/discard.nnue"
      mv "$chunk.part" "$chunk"
    fi
    if [ -s "$all.part" ]; then
      tail -n +2 "$chunk" >>"$all.part"
    else
      cat "$chunk" >>"$all.part"
    fi
    seed=$((seed + 1))
  done
}
work=${WORK:-target/nets/$game}
mkdir -p "$work"
all="$work/all.data"
: >"$all.part"
fit="--epochs 15 --lambda 0 --seed 1 --lr-end 0.0005"
hidden=128 # every network but Capablanca's (64)
# Generation 1 of every network is played by the hand-set evaluation (`nnue=off`): the
# network that ships does not take part in making itself. `lazy_legality=off` where the
# data was made before that setting existed: the search as it was then (the same legal
# moves, tried in another order today). Chunks of 4,000 games, 1,000 and 1,250 nodes a
# move; each game its own seeds.
case $game in
capablanca)
  # Generation 1: 14 chunks, seeds 2001 to 2014, 64 hidden units. Generation 2 is its
  # self-play: 13 chunks of 2,000 games at 5,000 and 6,250 nodes a move, seeds 8001 to
  # 8013, the default engine evaluating with generation 1. Its fit is on generation 1's
  # data followed by generation 2's twice (the second time the chunks are read, not
  # played again).
  chunks 2001 2014 4000 1000 nnue=off,lazy_legality=off
  cp "$all.part" "$work/gen1.data"
  # shellcheck disable=SC2086
  "$ff" train "$game" --data "$work/gen1.data" --hidden 64 $fit -o "$work/gen1.nnue"
  chunks 8001 8013 2000 5000 modern "$work/gen1.nnue"
  chunks 8001 8013 2000 5000 modern "$work/gen1.nnue"
  hidden=64
  ;;
birds-and-ninjas) chunks 3001 3008 4000 1000 nnue=off,lazy_legality=off ;;
stealth-ninja) chunks 4001 4008 4000 1000 nnue=off ;;
flying-bombers-grand) chunks 5001 5008 4000 1000 nnue=off ;;
insane-ninja) chunks 6001 6008 4000 1000 nnue=off ;;
pick-the-piece) chunks 7001 7016 4000 1000 nnue=off ;;
*)
  echo "no recipe for $game: the built-in networks are listed in variants/nets" >&2
  exit 2
  ;;
esac
mv "$all.part" "$all"
# shellcheck disable=SC2086
"$ff" train "$game" --data "$all" --hidden "$hidden" $fit -o "$out"
