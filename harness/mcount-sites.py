#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""mcount-sites.py VMLINUX_A VMLINUX_B - compare the call sites two kernels
recorded in __mcount_loc, as function+offset (their addresses may differ).

Prints one PASS or FAIL line and the first differences.
"""
import bisect
import collections
import re
import struct
import subprocess
import sys


def mcount_loc(vmlinux, nm_out):
    """The bytes between __start_mcount_loc and __stop_mcount_loc, which
    the linker script places inside an init data section."""
    marks = {}
    for line in nm_out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in ('__start_mcount_loc',
                                            '__stop_mcount_loc'):
            marks[parts[2]] = int(parts[0], 16)
    start, stop = marks['__start_mcount_loc'], marks['__stop_mcount_loc']
    heads = subprocess.run(['readelf', '-W', '-S', vmlinux],
                           capture_output=True, text=True, check=True).stdout
    for line in heads.splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)'
                     r'\s+([0-9a-f]+)', line)
        if not m:
            continue
        addr, off, size = (int(m.group(i), 16) for i in (2, 3, 4))
        if addr <= start and stop <= addr + size:
            with open(vmlinux, 'rb') as f:
                f.seek(off + start - addr)
                return f.read(stop - start)
    raise SystemExit('no section holds __mcount_loc in %s' % vmlinux)


def sites(vmlinux):
    syms = []
    out = subprocess.run(['nm', '-n', vmlinux], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'tTwW' and \
                not parts[2].startswith('__mcount_anchor_'):
            syms.append((int(parts[0], 16), parts[2]))
    addrs = [a for a, _ in syms]
    data = mcount_loc(vmlinux, out)
    found = collections.Counter()
    for (ip,) in struct.iter_unpack('<Q', data):
        if not ip:
            continue
        i = bisect.bisect_right(addrs, ip) - 1
        name = syms[i][1] if i >= 0 else '?'
        found['%s+0x%x' % (name, ip - syms[i][0])] += 1
    return found


def main():
    a, b = sites(sys.argv[1]), sites(sys.argv[2])
    only_a, only_b = a - b, b - a
    total = sum(a.values())
    if not total or only_a or only_b:
        print('FAIL  mcount-sites: compiler %d sites, recordmcount.pl %d;'
              ' %d only in the first, %d only in the second' %
              (total, sum(b.values()), sum(only_a.values()),
               sum(only_b.values())))
        for s in list(only_a)[:5]:
            print('#   only compiler: %s' % s)
        for s in list(only_b)[:5]:
            print('#   only recordmcount.pl: %s' % s)
        return 1
    print('PASS  mcount-sites: compiler and recordmcount.pl record the same'
          ' %d call sites' % total)
    return 0


if __name__ == '__main__':
    sys.exit(main())
