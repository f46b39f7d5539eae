#!/usr/bin/env bash
# Builds fairyforge's WebAssembly module and its JavaScript glue.
#
#   bindings/wasm/build.sh --target web|nodejs|bundler --out DIR
#       one wasm-bindgen target into DIR (fairyforge.js, fairyforge.d.ts, fairyforge_bg.wasm)
#   bindings/wasm/build.sh --package DIR
#       the npm package in DIR: the nodejs, bundler and web targets side by side, with
#       package.json, README.md, LICENSE and the built-in networks (then `npm pack DIR`)
#
# Needs the wasm32 target (`rustup target add wasm32-unknown-unknown`) and wasm-bindgen-cli
# at the version of `wasm-bindgen` in Cargo.lock (`cargo install wasm-bindgen-cli
# --version V --locked`). WASM_OPT=path/to/wasm-opt runs `wasm-opt -O3` on the module too
# (binaryen 132, npm's `binaryen`, works). Cargo builds into target/wasm, a target directory
# of its own, so that this script may run inside `cargo test`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

target=""
out=""
package=""
while [ $# -gt 0 ]; do
  case "$1" in
    --target) target="${2:?--target needs web, nodejs or bundler}"; shift 2 ;;
    --out) out="${2:?--out needs a directory}"; shift 2 ;;
    --package) package="${2:?--package needs a directory}"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build.sh: unknown argument \`$1\` (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$package" ] && { [ -z "$target" ] || [ -z "$out" ]; }; then
  echo "build.sh: give --target web|nodejs|bundler --out DIR, or --package DIR" >&2
  exit 2
fi
case "$target" in ""|web|nodejs|bundler) ;; *)
  echo "build.sh: --target must be web, nodejs or bundler, not \`$target\`" >&2; exit 2 ;;
esac

# What the build needs, with the command that installs it.
want=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' "$root/Cargo.lock")
if [ -z "$want" ]; then
  echo "build.sh: no wasm-bindgen in $root/Cargo.lock" >&2; exit 1
fi
if ! rustc --print target-libdir --target wasm32-unknown-unknown > /dev/null 2>&1 ||
   [ ! -d "$(rustc --print target-libdir --target wasm32-unknown-unknown)" ]; then
  echo "build.sh: the wasm32 target is missing: rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi
have=$(wasm-bindgen --version 2> /dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "build.sh: wasm-bindgen $want is needed (found: ${have:-none}):" \
    "cargo install wasm-bindgen-cli --version $want --locked" >&2
  exit 1
fi

export CARGO_TARGET_DIR="$root/target/wasm"
# No `-C target-feature=+simd128`: measured, it did not make perft faster (docs/js.md), and
# without it the module runs on older browsers too.
cargo build --manifest-path "$root/Cargo.toml" --locked -p fairyforge-wasm \
  --target wasm32-unknown-unknown --profile wasm-release
module="$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/fairyforge_wasm.wasm"

# wasm-opt only when asked for: measured, `-O3` did not make perft faster (docs/js.md),
# and binaryen 108 (Debian 12's) breaks the module's reference table.
opt="${WASM_OPT:-}"

bindgen() { # TARGET DIR
  rm -rf "$2"
  mkdir -p "$2"
  wasm-bindgen --target "$1" --out-dir "$2" --out-name fairyforge "$module"
  if [ -n "$opt" ]; then
    "$opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-multivalue \
      --enable-reference-types "$2/fairyforge_bg.wasm" -o "$2/fairyforge_bg.wasm"
  fi
}

if [ -n "$target" ]; then
  bindgen "$target" "$out"
fi
if [ -n "$package" ]; then
  rm -rf "$package"
  mkdir -p "$package"
  for t in nodejs bundler web; do bindgen "$t" "$package/$t"; done
  version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)
  sed "s/@VERSION@/$version/" "$here/npm/package.json" > "$package/package.json"
  cp "$here/npm/README.md" "$package/README.md"
  # The built-in games' networks, as files: the module carries none (`supplyNetwork`).
  mkdir -p "$package/nets"
  cp "$root"/variants/nets/*.nnue "$package/nets/"
  cp "$here/npm/index.d.ts" "$package/index.d.ts" 2>/dev/null || true
fi
