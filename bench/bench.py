#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot our kernel and the anchor under qemu -icount shift=0 and compare.

usage: bench.py --tree TREE --out DIR NAME=BZIMAGE:MODULES_DIR ...

With -icount shift=0,sleep=off and one vCPU, guest time advances one
nanosecond per guest instruction, so every figure is instructions per
operation and repeats exactly.  Prints a markdown table (also written to
DIR/bench.md) with each kernel's figure and the ratio of the first kernel
to the second.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "..", "harness")


def boot(tree, script, image, modules, prefix, plugin=""):
    """Boot image as every bench guest boots (one vCPU, -icount
    shift=0, the same command line) with script as its command and the
    modules of modules; QEMU's plugin argument appended if given.  The
    files go to prefix.cpio, prefix.console.log and prefix.results;
    returns the last two."""
    cpio, console, results = (prefix + ".cpio", prefix + ".console.log",
                              prefix + ".results")
    extra = "-icount shift=0,sleep=off" + (f" -plugin {plugin}" if plugin else "")
    env = dict(os.environ, MODULES_DIR=modules, SMP="1", QEMU_EXTRA=extra)
    subprocess.run([os.path.join(HARNESS, "mkinitramfs.sh"), tree, cpio,
                    script], check=True, env=env)
    if os.path.exists(results):
        os.unlink(results)
    subprocess.run([os.path.join(HARNESS, "qemu.sh"), "-t", "900", "-c",
                    console, "-r", results, "-a", "kunit.enable=0 tsc_early_khz=1000000 printk.time=1",
                    image, cpio], env=env, check=True)
    return console, results


def run(name, image, modules, args):
    _, results = boot(args.tree, os.path.join(HERE, "guest", "bench.sh"),
                      image, modules, os.path.join(args.out, f"bench-{name}"))
    figures = {}
    with open(results, errors="replace") as f:
        for line in f:
            m = re.match(r"@@ bench (\S+) (\d+)", line)
            if m:
                figures[m.group(1)] = int(m.group(2))
    return figures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("kernels", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    names, results = [], {}
    for spec in args.kernels:
        name, rest = spec.split("=", 1)
        image, modules = rest.split(":", 1)
        names.append(name)
        results[name] = run(name, image, modules, args)

    keys = sorted({k for r in results.values() for k in r})
    head = "| guest instructions per op | " + " | ".join(names)
    if len(names) == 2:
        head += f" | {names[0]}/{names[1]}"
    lines = [head + " |", "|---" * (len(names) + 1 + (len(names) == 2)) + "|"]
    for k in keys:
        vals = [results[n].get(k) for n in names]
        row = f"| {k} | " + " | ".join(str(v) if v is not None else "-"
                                      for v in vals)
        if len(names) == 2:
            row += " | " + (f"{vals[0] / vals[1]:.2f}x" if all(vals) else "-")
        lines.append(row + " |")
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(args.out, "bench.md"), "w") as f:
        f.write(table + "\n")
    if any(not results[n] for n in names):
        sys.exit(1)


if __name__ == "__main__":
    main()
