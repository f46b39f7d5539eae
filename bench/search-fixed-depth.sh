#!/bin/bash
# Fixed-depth searches whose output (depth, score, nodes, line, best move; not the speed)
# must not change with a change meant only to make nodes cheaper (docs/engine.md § Speed):
#
#   bench/search-fixed-depth.sh OLD-BINARY > before.txt
#   bench/search-fixed-depth.sh NEW-BINARY > after.txt
#   diff before.txt after.txt
set -euo pipefail
B=${1:?usage: search-fixed-depth.sh FAIRYFORGE-BINARY}
run() { "$B" analyse "$@" | sed -E 's/ nps [0-9]+ time [0-9.]+//'; }
run chess --depth 11
run capablanca --depth 11
run birds-and-ninjas --depth 9
run kingofthehill --depth 10
run chess --fen "r1bqkb1r/pp2pppp/2n2n2/3p4/3P1B2/2N4N/PPP2PPP/R2QKB1R b KQkq - 0 6" --depth 10
run chess --fen "2kr1bnr/ppp2pp1/2n4p/2q1P3/3pP1bP/PP3N2/1BPPN1P1/R2QKB1R b KQ - 0 10" --depth 10
run capablanca --fen "rnabqkb2r/ppp2p1pp1/3p3n1p/6P3/4Pp4/2QP4CN/PPP3P1PP/RN1B1KB2R b KQkq - 1 9" --depth 9
run capablanca --fen "rnab1k3r/pp4ppp1/2ppb1qn1p/4p5/4Pp4/1PNP1P1N1P/P1P3PPP1/R2BQKBC1R w KQkq - 0 11" --depth 9
run stealth-ninja --depth 8
run flying-bombers-grand --depth 8
