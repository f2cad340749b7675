#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""debug-plan.py - the debug kernels' runs, sized from measured durations.

  debug-plan.py plan --tree TREE --times FILE [--base FILE] [--factor F]
                     [--shard SECONDS] [--boots DIR] [--extra DIR] --out DIR
  debug-plan.py measure --tree TREE [--keep FILE] LOG RESULTS_DIR

plan: the scenarios of --boots (harness/boots; make check's) and of
--extra (harness/boots-debug: the debug kernel's own), with main.sh's
ftracetest cut into shards ft-01 ... ft-NN of about SECONDS each
(1500).  Writes DIR/boots/ (a link per scenario, a script per shard),
DIR/timeouts (check.py --timeouts) and prints the scenarios' names,
the longest first, comma-separated (check.py --only with --jobs).

A scenario's or a case's duration on this kernel is taken from --times
(measured here before), else from --base (the test kernel's) times
--factor, else a guess of 60 s times --factor for a case (the header's
timeout times --factor for a scenario).  A shard holds whole cases (a
case and its re-run in an instance); they are dealt out the longest
first, each to the shard with the least so far.  A timeout is twice the
expected duration and 300 s more; a measured scenario's is never below
its header's.

measure: the durations of a check.py run on stdout, in --times' format:
'scenario NAME SECONDS' from LOG's "# NAME: booted and ran in N s"
lines, 'case test.d/...tc SECONDS' from each RESULTS_DIR/*.results that
ran ftracetest (harness/guest/lib.sh: a "# uptime" line before each
result; case N is the Nth case the guest gave ftracetest, then the
re-runs in instances, in the same order).  With --keep FILE, FILE's
entries this run has no figure for are kept (a run of some scenarios
only refreshes theirs).
"""
import argparse
import importlib.util
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check import scenario_header  # noqa: E402
FT = "tools/testing/selftests/ftrace"
# The ftracetest cases ft_select (harness/guest/lib.sh) reports SKIP.
SKIPPED = re.compile(r"^@@ result SKIP ftracetest: (\S+\.tc) \(", re.M)
# Cases that must share a shard: the first leaves a setting ftracetest's
# reset does not undo, a later one undoes it.  fgraph-profiler.tc leaves
# function_profile_enabled at 1, which puts a callback on every function
# (func-instances.tc then counts one too many) and slowed the KASAN
# kernel's later cases 5-10 times (2026-12-07); func_profiler.tc ends
# with it at 0, and runs after it in a shard's sorted order, as in
# main.sh's.
TOGETHER = [("test.d/ftrace/fgraph-profiler.tc",
             "test.d/ftrace/func_profiler.tc")]
SHARD_HEADER = """# SPDX-License-Identifier: GPL-2.0
# cmdline: ftrace=nop kunit.enable=0
# timeout: {timeout}
#
# Shard {n} of {count} of ftracetest on a debug kernel, written by
# harness/debug-plan.py: {cases} cases, about {secs} s expected.
. /harness/lib.sh

# A shard of cases this guest skips only must not run them all.
cases=$(ft_select \\
{lines})
[ -z "$cases" ] || run_ftracetest $cases
dmesg_tail
"""


def load_case_times():
    spec = importlib.util.spec_from_file_location(
        "case_times", os.path.join(HERE, "case-times.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def all_cases(tree):
    root = os.path.join(tree, FT)
    out = []
    for d, _, files in os.walk(os.path.join(root, "test.d")):
        for f in files:
            if f.endswith(".tc"):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(out)


def on_instance(tree, case):
    with open(os.path.join(tree, FT, case), errors="replace") as f:
        return any(re.match(r"^#[ \t]*flags:.*instance", l) for l in f)


def read_times(path):
    scen, case = {}, {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                w = line.split()
                if len(w) == 3 and w[0] == "scenario":
                    scen[w[1]] = float(w[2])
                elif len(w) == 3 and w[0] == "case":
                    case[w[1]] = float(w[2])
    return scen, case


def given_cases(tree, script):
    """The cases a scenario's script gives ft_select: those listed in
    a shard, every case for main.sh."""
    with open(script) as f:
        listed = re.findall(r"\b(test\.d/\S+\.tc)\b", f.read())
    return listed or all_cases(tree)


def measure(args):
    ct = load_case_times()
    scen, times = {}, {}
    with open(args.log, errors="replace") as f:
        for line in f:
            m = re.match(r"^# (\S+): booted and ran in (\d+) s$", line)
            # The first: make check's second lane (arm64) comes after.
            # A shard's own time says nothing of the next plan's shards.
            if m and m.group(1) not in scen and \
               not m.group(1).startswith("ft-"):
                scen[m.group(1)] = float(m.group(2))
    for fn in sorted(os.listdir(args.dir)):
        if not fn.endswith(".results"):
            continue
        path = os.path.join(args.dir, fn)
        with open(path, errors="replace") as f:
            text = f.read()
        if "@@ ftracetest begin" not in text:
            continue
        skipped = set(SKIPPED.findall(text))
        script = os.path.join(args.dir, "boots", fn[:-8] + ".sh")
        if not os.path.exists(script):
            script = os.path.join(HERE, "boots", fn[:-8] + ".sh")
        ran = [c for c in given_cases(args.tree, script)
               if c[len("test.d/"):] not in skipped]
        inst = [c for c in ran if on_instance(args.tree, c)]
        for secs, n, _ in ct.cases(path):
            if n <= len(ran):
                c = ran[n - 1]
            elif n - len(ran) <= len(inst):
                c = inst[n - len(ran) - 1]
            else:
                continue
            times[c] = times.get(c, 0.0) + secs
    # --keep: what this run did not measure stays as it was.
    old_scen, old_case = read_times(args.keep)
    for k, v in old_scen.items():
        scen.setdefault(k, v)
    for k, v in old_case.items():
        times.setdefault(k, v)
    print("# harness/debug-plan.py measure: seconds per scenario (boot and "
          "run) and per ftracetest case (with its re-run in an instance)")
    for name in sorted(scen):
        print(f"scenario {name} {scen[name]:.0f}")
    for c in sorted(times):
        print(f"case {c} {times[c]:.1f}")


def plan(args):
    scen_t, case_t = read_times(args.times)
    base_s, base_c = read_times(args.base)
    out_boots = os.path.join(args.out, "boots")
    os.makedirs(out_boots, exist_ok=True)
    for fn in os.listdir(out_boots):
        os.unlink(os.path.join(out_boots, fn))

    def case_secs(c):
        if c in case_t:
            return case_t[c]
        return base_c.get(c, 60.0) * args.factor

    cases = all_cases(args.tree)
    total = sum(case_secs(c) for c in cases)
    count = max(1, math.ceil(total / args.shard))
    shards = [[0.0, []] for _ in range(count)]
    units = [tuple(c for c in group if c in cases) for group in TOGETHER]
    grouped = {c for unit in units for c in unit}
    units += [(c,) for c in cases if c not in grouped]
    units = [u for u in units if u]
    for unit in sorted(units, key=lambda u: -sum(map(case_secs, u))):
        s = min(shards, key=lambda s: s[0])
        s[0] += sum(map(case_secs, unit))
        s[1].extend(unit)

    expected, timeouts = {}, {}
    for i, (secs, members) in enumerate(shards, 1):
        name = f"ft-{i:02d}"
        # The boot itself, and KUnit's absence: a minute at most.
        expected[name] = secs + 60
        timeouts[name] = int(2 * expected[name] + 300)
        lines = " \\\n".join(f"\t{c}" for c in sorted(members))
        with open(os.path.join(out_boots, name + ".sh"), "w") as f:
            f.write(SHARD_HEADER.format(timeout=timeouts[name], n=i,
                                        count=count, cases=len(members),
                                        secs=int(secs), lines=lines))

    for d in (args.boots, args.extra):
        for fn in sorted(os.listdir(d)):
            if not fn.endswith(".sh") or fn == "main.sh":
                continue
            name = fn[:-3]
            src = os.path.realpath(os.path.join(d, fn))
            if os.path.lexists(os.path.join(out_boots, fn)):
                continue
            os.symlink(src, os.path.join(out_boots, fn))
            own = int(scenario_header(src, "timeout") or 300)
            fuzz = scenario_header(src, "fuzz-seconds")
            if name in scen_t:
                expected[name] = scen_t[name]
                timeouts[name] = max(own, int(2 * scen_t[name] + 300))
            elif name in base_s and not fuzz:
                expected[name] = base_s[name] * args.factor
                timeouts[name] = int(2 * expected[name] + 300)
            else:
                # --extra's headers are already the debug kernel's.
                slow = args.factor if d == args.boots else 1
                expected[name] = own * slow / 2
                timeouts[name] = int(own * slow)
    with open(os.path.join(args.out, "timeouts"), "w") as f:
        f.write("# harness/debug-plan.py plan: NAME TIMEOUT (s), "
                "then the expected seconds\n")
        for name in sorted(timeouts):
            f.write(f"{name} {timeouts[name]} {int(expected[name])}\n")
    print(",".join(sorted(expected, key=lambda n: -expected[n])))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("--tree", required=True)
    p.add_argument("--times", default="")
    p.add_argument("--base", default="")
    p.add_argument("--factor", type=float, default=5.0)
    p.add_argument("--shard", type=float, default=1500.0)
    p.add_argument("--boots", default=os.path.join(HERE, "boots"))
    p.add_argument("--extra", default=os.path.join(HERE, "boots-debug"))
    p.add_argument("--out", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--tree", required=True)
    m.add_argument("--keep", default="",
                   help="a times file whose entries this run lacks are kept")
    m.add_argument("log")
    m.add_argument("dir")
    args = ap.parse_args()
    if args.cmd == "plan":
        plan(args)
    else:
        measure(args)


if __name__ == "__main__":
    sys.exit(main())
