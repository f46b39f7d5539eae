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
case $game in
capablanca)
  # 14 chunks of 4,000 games, 1,000 and 1,250 nodes a move, seeds 2001 to 2014.
  # The learning rate falls tenfold over the epochs.
  first=2001 last=2014 games=4000 nodes=1000 openings=random-plies:8
  fit="--hidden 64 --epochs 15 --lambda 0 --seed 1 --lr-end 0.0005"
  engine=nnue=off,lazy_legality=off
  ;;
birds-and-ninjas)
  # 8 chunks of 4,000 games, 1,000 and 1,250 nodes a move, seeds 3001 to 3008; 128
  # hidden units, the learning rate falling tenfold over the epochs.
  first=3001 last=3008 games=4000 nodes=1000 openings=random-plies:8
  fit="--hidden 128 --epochs 15 --lambda 0 --seed 1 --lr-end 0.0005"
  engine=nnue=off,lazy_legality=off
  ;;
stealth-ninja | flying-bombers-grand | insane-ninja | pick-the-piece)
  # 8 chunks of 4,000 games (16 for Pick the Piece), 1,000 and 1,250 nodes a move,
  # played with the search of today (lazy legality on); the fit as for Birds and
  # Ninjas. Each game its own seeds: 4001 to 4008, 5001 to 5008, 6001 to 6008, 7001 to
  # 7016.
  case $game in
  stealth-ninja) first=4001 last=4008 ;;
  flying-bombers-grand) first=5001 last=5008 ;;
  insane-ninja) first=6001 last=6008 ;;
  pick-the-piece) first=7001 last=7016 ;;
  esac
  games=4000 nodes=1000 openings=random-plies:8
  fit="--hidden 128 --epochs 15 --lambda 0 --seed 1 --lr-end 0.0005"
  engine=nnue=off
  ;;
*)
  echo "no recipe for $game: the built-in networks are listed in variants/nets" >&2
  exit 2
  ;;
esac
work=${WORK:-target/nets/$game}
mkdir -p "$work"
all="$work/all.data"
: >"$all.part"
seed=$first
while [ "$seed" -le "$last" ]; do
  chunk="$work/n$nodes-s$seed.data"
  if [ ! -f "$chunk" ]; then
    # The data is played by the hand-set evaluation (`nnue=off`): the network that
    # ships does not take part in making itself. `lazy_legality=off` where the data was
    # made before that setting existed: the search as it was then (the same legal moves,
    # tried in another order today).
    "$ff" train "$game" --games "$games" --nodes "$nodes" --openings "$openings" \
      --seed "$seed" --engine "$engine" --hidden 1 --epochs 1 \
      --save-data "$chunk.part" -o "$work/discard.nnue"
    mv "$chunk.part" "$chunk"
  fi
  if [ "$seed" -eq "$first" ]; then
    cat "$chunk" >>"$all.part"
  else
    tail -n +2 "$chunk" >>"$all.part"
  fi
  seed=$((seed + 1))
done
mv "$all.part" "$all"
# shellcheck disable=SC2086
"$ff" train "$game" --data "$all" $fit -o "$out"
