#!/usr/bin/env python3
"""Instructions by function from a callgrind output file (see bench/wasm/profile.sh).

    cg_by_function.py OUT [--map PERF.map] [--top N] [--json FILE]
    cg_by_function.py OUT --map PERF.map --code CODE.log --annotate NAME
    cg_by_function.py --compare MODULE.json NATIVE.json [--top N]

Sums each instruction's own cost (calls excluded) by the function it belongs to. Code that
callgrind has no symbol for (V8's generated machine code) is named through a perf map, the
`/tmp/perf-PID.map` that `node --perf-basic-prof` writes; the module's functions there are
named `JS:<rust path>::h<hash>-<index>-turbofan`, shown here without the `JS:`, the hash
and the suffix, as the native build's symbols are shown without their hash. With `--annotate`, prints V8's
machine code of the module's functions whose name contains NAME, each instruction with its
count, from CODE.log, the output of `node --print-wasm-code` in the same run. With
`--compare`, two `--json` outputs side by side: the module's count, the native one and
their ratio, by function.
"""
import bisect
import collections
import json
import re
import sys


def parse(path):
    """(cost by (object, function name), cost by instruction address of unnamed code)."""
    by_fn = collections.Counter()
    by_addr = collections.Counter()
    names = {"ob": {}, "fn": {}}
    cur = {"ob": "", "fn": ""}
    pos = [0, 0]
    npos = 1
    skip_next = False
    with open(path, errors="replace") as f:
        for line in f:
            c = line[0] if line else "\n"
            if c in "0123456789+-*":
                parts = line.split()
                vals = []
                for i in range(npos):
                    p = parts[i]
                    if p == "*":
                        v = pos[i]
                    elif p[0] in "+-":
                        v = pos[i] + int(p, 0)
                    else:
                        v = int(p, 0)
                    vals.append(v)
                pos[:npos] = vals
                if skip_next:  # the inclusive cost of a call, not this function's own
                    skip_next = False
                    continue
                cost = int(parts[npos]) if len(parts) > npos else 0
                by_fn[(cur["ob"], cur["fn"])] += cost
                if re.fullmatch(r"0x[0-9a-f]+", cur["fn"]):
                    by_addr[vals[0]] += cost
                continue
            if line.startswith("positions:"):
                npos = len(line.split()) - 1
                continue
            if line.startswith("calls="):
                skip_next = True
                continue
            m = re.match(r"(ob|fn|cob|cfn|fl|fi|fe|cfi|cfl)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                kind, ident, name = m.groups()
                key = "ob" if kind in ("ob", "cob") else "fn" if kind in ("fn", "cfn") else None
                if key is None:
                    continue
                if name is not None:
                    names[key][ident] = name
                if kind in ("ob", "fn"):
                    cur[key] = names[key].get(ident, ident)
    return by_fn, by_addr


def clean(name):
    name = re.sub(r"^JS:", "", name)
    name = re.sub(r"-\d+-(turbofan|liftoff)$", "", name)
    return re.sub(r"::h[0-9a-f]{16}", "", name)


def annotate(by_addr, ents, code, name):
    asm = {}
    pat = re.compile(r"^0x([0-9a-f]+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+(.*)$")
    for line in open(code, errors="replace"):
        m = pat.match(line)
        if m:
            asm[int(m.group(1), 16)] = (m.group(2), m.group(3))
    for start, size, fname in ents:
        if name not in fname or not fname.endswith("-turbofan"):
            continue
        total = sum(c for a, c in by_addr.items() if start <= a < start + size)
        print(f"== {clean(fname)}  {total:,} instructions executed")
        for a in sorted(x for x in asm if start <= x < start + size):
            off, text = asm[a]
            print(f"{by_addr.get(a, 0):>12,}  {off:>5}  {text}")


def compare(module, native, top):
    def load(path):  # a module's functions, or a native build's
        d = json.load(open(path))
        if any(k.startswith("wasm ") for k in d):
            return {k[len("wasm ") :]: v for k, v in d.items() if k.startswith("wasm ")}
        return d

    m, n = load(module), load(native)
    print(f"{'module':>15} {'native':>15} {'ratio':>6}  function")
    names = sorted(set(m) | set(n), key=lambda k: -max(m.get(k, 0), n.get(k, 0)))[:top]
    for k in names:
        a, b = m.get(k, 0), n.get(k, 0)
        ratio = f"{a / b:6.2f}" if b else "     -"
        print(f"{a:>15,} {b:>15,} {ratio}  {k[:110]}")
    hot = [k for k in names if m.get(k, 0) and n.get(k, 0)]
    a, b = sum(m[k] for k in hot), sum(n[k] for k in hot)
    print(f"{a:>15,} {b:>15,} {a / max(b, 1):6.2f}  (the functions above found in both)")


def main():
    args = sys.argv[1:]
    if args[0] == "--compare":
        top = int(args[3]) if len(args) > 3 else 15
        compare(args[1], args[2], top)
        return
    out = args.pop(0)
    opts = dict(zip(args[::2], args[1::2]))
    by_fn, by_addr = parse(out)
    result = collections.Counter()
    if "--map" in opts:
        ents = []
        for line in open(opts["--map"], errors="replace"):
            parts = line.rstrip("\n").split(" ", 2)
            if len(parts) == 3:
                ents.append((int(parts[0], 16), int(parts[1], 16), parts[2]))
        ents.sort()
        starts = [e[0] for e in ents]
        for addr, cost in by_addr.items():
            i = bisect.bisect_right(starts, addr) - 1
            if i >= 0 and addr < ents[i][0] + ents[i][1]:
                name = ents[i][2]
                if name.endswith("-turbofan") or name.endswith("-liftoff"):
                    result["wasm " + clean(name)] += cost
                else:
                    result["v8 " + name.split(":", 1)[0]] += cost
            else:
                result["unmapped"] += cost
    else:
        for (ob, fn), cost in by_fn.items():
            result[clean(fn)] += cost
    if "--annotate" in opts:
        annotate(by_addr, ents, opts["--code"], opts["--annotate"])
        return
    top = int(opts.get("--top", 25))
    total = sum(result.values())
    print(f"{total:>15,}  total")
    for name, cost in result.most_common(top):
        print(f"{cost:>15,}  {name[:150]}")
    if "--json" in opts:
        with open(opts["--json"], "w") as f:
            json.dump(dict(result), f)


if __name__ == "__main__":
    main()
