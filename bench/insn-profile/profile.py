#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where the guest's instructions go: kernels side by side, per function.

usage: profile.py --tree TREE --out DIR --script GUEST_SCRIPT [--per N]
                  NAME=BZIMAGE:MODULES_DIR ...

Boots each kernel as `make bench` does (bench.boot(): one vCPU, -icount
shift=0, its command line), runs GUEST_SCRIPT as the guest's command,
with QEMU's TCG plugin out/insn-profile.so (bench/insn-profile/insn-profile.c) counting the
instructions run from each translation block.  Blocks are mapped to the
kernel's functions by the System.map beside BZIMAGE (the build
directory's), and to modules, BPF programs and ftrace's trampolines by
the /proc/kallsyms lines with a "[...]" the script prints on the
console; the rest is summed as "[user]".
Prints, per function, each kernel's instructions divided by N (the
operations the script did, so a figure is per operation), the functions
with the most first; DIR/profile-NAME.txt keeps each kernel's raw counts.
The boot and the script's setup are counted too: diff a script against a
copy that does one operation less, or use a large N, to isolate a path.
"""
import argparse
import bisect
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import bench  # noqa: E402


def system_map(image):
    d = os.path.dirname(image)
    while d != "/" and not os.path.exists(os.path.join(d, "System.map")):
        d = os.path.dirname(d)
    path = os.path.join(d, "System.map")
    addrs, names = [], []
    with open(path) as f:
        for line in f:
            a, t, n = line.split()[:3]
            if t in "tTwW":
                addrs.append(int(a, 16))
                names.append(n)
    order = sorted(range(len(addrs)), key=lambda i: addrs[i])
    return [addrs[i] for i in order], [names[i] for i in order]


# A /proc/kallsyms line of a module, a BPF program or a trampoline, as
# the guest script prints them (grep '\[' /proc/kallsyms) on its console.
KSYM = re.compile(r"^([0-9a-f]{16}) [tTwW] (\S+)\s+\[(\S+)\]")


def guest_symbols(console, addrs, names):
    """The guest's text symbols of modules, BPF and ftrace, added."""
    extra = []
    with open(console, errors="replace") as f:
        for line in f:
            m = KSYM.match(line.strip())
            if m and int(m.group(1), 16):
                extra.append((int(m.group(1), 16),
                              f"{m.group(2)} [{m.group(3)}]"))
    pairs = sorted(list(zip(addrs, names)) + extra)
    return [a for a, _ in pairs], [n for _, n in pairs]


def run(name, image, modules, args, plugin):
    raw = os.path.abspath(os.path.join(args.out, f"profile-{name}.txt"))
    console, _ = bench.boot(args.tree, args.script, image, modules,
                            os.path.join(args.out, f"profile-{name}"),
                            plugin=f"{plugin},out={raw}")
    addrs, names = guest_symbols(console, *system_map(image))
    last = addrs[-1] + 0x10000
    per = {}
    with open(raw) as f:
        for line in f:
            a, n = line.split()
            a = int(a, 16)
            i = bisect.bisect_right(addrs, a) - 1
            fn = names[i] if i >= 0 and a < last else "[user]"
            per[fn] = per.get(fn, 0) + int(n)
    return per


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--script", required=True)
    ap.add_argument("--per", type=int, default=1)
    ap.add_argument("--top", type=int, default=60)
    ap.add_argument("kernels", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    plugin = os.path.join(TOP, "out", "insn-profile.so")
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-Wall", "-o", plugin,
                    os.path.join(HERE, "insn-profile.c")], check=True)
    names, res = [], {}
    for spec in args.kernels:
        name, rest = spec.split("=", 1)
        image, modules = rest.split(":", 1)
        names.append(name)
        res[name] = run(name, image, modules, args, plugin)
    funcs = set()
    for r in res.values():
        funcs |= set(r)
    rows = sorted(funcs, key=lambda f: -max(r.get(f, 0) for r in res.values()))
    print("| function | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for f in rows[:args.top]:
        print(f"| {f} | " + " | ".join(
            f"{res[n].get(f, 0) / args.per:.1f}" for n in names) + " |")
    print("| total | " + " | ".join(
        f"{sum(res[n].values()) / args.per:.1f}" for n in names) + " |")


if __name__ == "__main__":
    sys.exit(main())
