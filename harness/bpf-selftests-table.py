#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bpf-selftests-table.py OURS.log ANCHOR.log - upstream's test_progs
results on two kernels (their console logs) as a Markdown table: each
test with its subtests' counts, ours beside the anchor, and the rows
that differ marked.  Exit status 1 when a test passes on the anchor but
not on ours, or a log has no test_progs summary (a run that did not
finish)."""
import re
import sys

TEST = re.compile(r'^#(\d+)\s+([\w.-]+):(OK|FAIL|SKIP)')
SUB = re.compile(r'^#(\d+)/(\d+)\s+([\w.-]+)/(.+):(OK|FAIL|SKIP)')
SUMMARY = re.compile(r'^Summary: (\d+)/(\d+) PASSED, (\d+) SKIPPED, (\d+) FAILED')


def parse(path):
    """Each test's result and its subtests' counts, and the summary."""
    tests, subs, summary = {}, {}, None
    with open(path, errors='replace') as log:
        for line in log:
            line = line.rstrip('\r\n')
            m = SUB.match(line)
            if m:
                # The end's error summary repeats failed subtests.
                subs.setdefault(m.group(3), {})[m.group(4)] = m.group(5)
                continue
            m = TEST.match(line)
            if m:
                tests[m.group(2)] = m.group(3)
                continue
            m = SUMMARY.match(line)
            if m:
                summary = line
    return tests, subs, summary


def cell(name, tests, subs):
    """One kernel's result for a test, as 'OK (12/12)'."""
    if name not in tests:
        return 'not run'
    counts = {}
    for result in subs.get(name, {}).values():
        counts[result] = counts.get(result, 0) + 1
    total = sum(counts.values())
    if not total:
        return tests[name]
    detail = '%d/%d' % (counts.get('OK', 0), total)
    if counts.get('SKIP'):
        detail += ', %d skipped' % counts['SKIP']
    return '%s (%s)' % (tests[name], detail)


def main():
    ours, ours_subs, ours_sum = parse(sys.argv[1])
    anchor, anchor_subs, anchor_sum = parse(sys.argv[2])
    worse = 0
    print('| test | ours | anchor |')
    print('|---|---|---|')
    for name in sorted(set(ours) | set(anchor)):
        a = cell(name, ours, ours_subs)
        b = cell(name, anchor, anchor_subs)
        mark = ''
        if a != b:
            mark = ' *'
            if anchor.get(name) == 'OK' and ours.get(name) != 'OK':
                worse += 1
        print('| %s%s | %s | %s |' % (name, mark, a, b))
    print()
    print('ours: %s' % (ours_sum or 'no summary: the run did not finish'))
    print('anchor: %s' % (anchor_sum or 'no summary: the run did not finish'))
    print('tests passing on the anchor and not on ours: %d' % worse)
    return 1 if worse or not ours_sum or not anchor_sum else 0


if __name__ == '__main__':
    sys.exit(main())
