#!/usr/bin/env bash
# The studio under load (the README's figures): 50 clients clicking through a game of
# Birds and Ninjas on loopback while the computer thinks for two more clients.
#
# - The clicks: the `/api/play` requests of a recorded 60-ply game, ply by ply (from the
#   first move to the sixtieth), sent by wrk over 50 connections. Paced: each connection
#   waits 50 to 150 ms after an answer before its next click (50 fast players, about 500
#   clicks a second in all). Closed loop: each sends its next click as soon as the last is
#   answered (a stress test: on a 2-core machine wrk itself then takes a core).
# - The thinkers: two clients asking `/api/think` for 2 s searches back to back.
# - With the server's cache of replayed games (a click replays only its new move), and
#   without it (`--cached-games 0`: every click replays its game from the start, as after a
#   restart or for a shared link).
# - Besides the latency percentiles, the server's CPU time per click (user + system, from
#   /proc), which depends less on what else the machine is doing.
#
# Needs a release build, wrk (`apt-get install -y wrk`), curl and python3.
# usage: bench/studio-load.sh [SECONDS]   (default 20 per run)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
cargo build --release --quiet
bin=target/release/fairyforge
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_server() { # args: extra serve options; sets $port
  port=$(free_port)
  "$bin" serve --port "$port" "$@" > "$tmp/serve.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/api/status" > /dev/null && return
    sleep 0.1
  done
  echo "the server did not start" >&2
  exit 1
}

serve_ticks() { # CPU ticks (1/100 s) of the threads that answer requests (named "serve")
  local total=0 f line rest
  for f in /proc/"$1"/task/*/stat; do
    read -r line < "$f" || continue
    case "$line" in
      *"(serve) "*)
        rest=${line##*) }
        # shellcheck disable=SC2086
        set -- $rest
        total=$((total + ${12} + ${13}))
        ;;
    esac
  done
  echo "$total"
}

thinker() { # back-to-back 2 s searches from 10 plies into the game
  local body='{"variant":{"game":"birds-and-ninjas"},"moves":["f2f3","f9f8","e1h4","e10i6","g1a7","e9e7","e2e5","i6a6","f1g1","a6a7"],"time_ms":2000}'
  while :; do
    curl -s -o /dev/null -H 'content-type: application/json' -d "$body" "http://127.0.0.1:$port/api/think" || sleep 0.1
  done
}

run() { # args: title, pace in ms (0: closed loop), serve options
  local title=$1 pace=$2
  shift 2
  start_server "$@"
  local server=${pids[-1]}
  if [ ! -f "$tmp/clicks.lua" ]; then
    python3 bench/studio_game.py "$port" 60 > "$tmp/clicks.lua"
  fi
  thinker & pids+=($!)
  thinker & pids+=($!)
  sleep 1
  echo "== $title"
  local before after
  before=$(serve_ticks "$server")
  PACE_MS=$pace CLICKS="$tmp/clicks.lua" wrk -t1 -c50 -d"${secs}s" -s bench/click.lua \
    "http://127.0.0.1:$port/api/play" > "$tmp/wrk.out" &
  local w=$!
  sleep $((secs / 2))
  echo "halfway: $(curl -s "http://127.0.0.1:$port/api/status")"
  wait "$w"
  after=$(serve_ticks "$server")
  grep -E '^(clicks|latency)' "$tmp/wrk.out"
  local clicks
  clicks=$(awk '/^clicks/ {print $2}' "$tmp/wrk.out")
  echo "request threads' CPU: $(( (after - before) * 10 )) ms for $clicks clicks: $(( (after - before) * 10000 / clicks )) us a click"
  kill "${pids[-1]}" "${pids[-2]}" "$server" 2>/dev/null || true
  wait "${pids[-1]}" "${pids[-2]}" "$server" 2>/dev/null || true
}

echo "$(nproc) cores; $(date -u +%F); load average $(cut -d' ' -f1-3 /proc/loadavg)"
run "paced: 50 clients clicking every 50-150 ms, the computer thinking for 2 more" 100
run "paced, every click replaying its game from the start (--cached-games 0)" 100 --cached-games 0
run "closed loop: 50 clients clicking back to back, the computer thinking for 2 more" 0
