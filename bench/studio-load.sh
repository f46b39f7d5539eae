#!/usr/bin/env bash
# The studio under load (the README's figures): 50 clients clicking through a game of
# Birds and Ninjas on loopback while the computer thinks for two more clients.
#
# - The clicks: the `/api/play` requests of a recorded 60-ply game, ply by ply (from the
#   first move to the sixtieth), sent by wrk over 50 connections, closed loop: each
#   connection sends its next click as soon as the last is answered, so this is the
#   worst case of 50 players clicking at once, not a paced one.
# - The thinkers: two clients asking `/api/think` for 2 s searches back to back.
# - Twice: with the server's cache of replayed games (a click replays only its new
#   move), and without it (`--cached-games 0`: every click replays its game from the start).
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

thinker() { # back-to-back 2 s searches from 10 plies into the game
  local body='{"variant":{"game":"birds-and-ninjas"},"moves":["f2f3","f9f8","e1h4","e10i6","g1a7","e9e7","e2e5","i6a6","f1g1","a6a7"],"time_ms":2000}'
  while :; do
    curl -s -o /dev/null -H 'content-type: application/json' -d "$body" "http://127.0.0.1:$port/api/think" || sleep 0.1
  done
}

run() { # args: title, serve options
  local title=$1
  shift
  start_server "$@"
  local server=${pids[-1]}
  if [ ! -f "$tmp/clicks.lua" ]; then
    python3 bench/studio_game.py "$port" 60 > "$tmp/clicks.lua"
  fi
  thinker & pids+=($!)
  thinker & pids+=($!)
  sleep 1
  echo "== $title"
  CLICKS="$tmp/clicks.lua" wrk -t2 -c50 -d"${secs}s" --latency -s bench/click.lua \
    "http://127.0.0.1:$port/api/play" > "$tmp/wrk.out" &
  local w=$!
  sleep $((secs / 2))
  echo "searches running halfway: $(curl -s "http://127.0.0.1:$port/api/status")"
  wait "$w"
  grep -E '^(clicks|latency)' "$tmp/wrk.out"
  kill "${pids[-1]}" "${pids[-2]}" "$server" 2>/dev/null || true
  wait "${pids[-1]}" "${pids[-2]}" "$server" 2>/dev/null || true
}

echo "$(nproc) cores; $(date -u +%F)"
run "50 clients clicking, the computer thinking for 2 more (cache of replayed games on)"
run "the same, every click replaying its game from the start (--cached-games 0)" --cached-games 0
