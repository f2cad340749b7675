#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""case-times.py RESULTS... - how long each ftracetest case took.

harness/guest/lib.sh's run_ftracetest puts a "# uptime SECONDS" line
(the guest's uptime as the case ended) before each case's result line.
A case's duration is its uptime less the one before it (the first
case's: less the uptime written as ftracetest started).  Prints a line
with the cases' count and total, then "SECONDS  N DESC" per case,
slowest first (with --order: in run order).
The debug kernel's shards (harness/boots-debug/) are sized from these.
"""
import re
import sys

RESULT = re.compile(r"^(?:not )?ok (\d+) (.*)$")
UPTIME = re.compile(r"^# uptime ([0-9.]+)")


def cases(path):
    last = None
    up = None
    out = []
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\r\n")
            m = UPTIME.match(line)
            if m:
                up = float(m.group(1))
                # The first: ftracetest's start (or the first case's end).
                if last is None:
                    last = up
                continue
            m = RESULT.match(line)
            if m and up is not None:
                out.append((up - last, int(m.group(1)), m.group(2)))
                last = up
                up = None
    return out


def main():
    args = sys.argv[1:]
    order = "--order" in args
    args = [a for a in args if a != "--order"]
    if not args:
        sys.exit(__doc__)
    for path in args:
        rows = cases(path)
        if not order:
            rows.sort(key=lambda r: -r[0])
        print(f"# {path}: {len(rows)} cases, "
              f"{sum(r[0] for r in rows):.0f} s")
        for secs, n, desc in rows:
            print(f"{secs:8.1f}  {n:3d} {desc}")


if __name__ == "__main__":
    main()
