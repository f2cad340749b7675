#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot the test kernel once per scenario in harness/boots/ and report.

usage: check.py --kernel BZIMAGE --tree PREPARED_TREE --out DIR [--only NAME,...]

Each scenario is a guest script whose '# cmdline:' line adds kernel
parameters and whose '# timeout:' line (seconds) bounds the boot; an
'# expect-log: REGEX' line names a kernel report the scenario provokes
on purpose (it must appear, and does not fail the run).  The scenarios
are harness/boots/*.sh, or those of --boots DIR.  The
guest writes results to its second serial port; the console log holds the
kernel's messages, KUnit's KTAP among them.  Both are kept in DIR.

A scenario with a '# reboot: yes' line runs twice: its guest reboots
once with its RAM kept (harness/qemu.sh -R), finds out which boot it is
in itself, and waits at the end of the second, where QEMU is stopped
once the results end.

A scenario with a '# fuzz-seconds: N' line fuzzes: it gets fuzz.seconds=
(FUZZ_SECONDS, else N) and fuzz.seed= (FUZZ_SEED, else a random one) on
its command line (with FUZZ_KMSG=1 also fuzz.kmsg=1 ignore_loglevel
printk.devkmsg=on: every write on the console), and its timeout grows by
the seconds beyond N.

GUEST_ARCH (x86_64 unless set; harness/qemu.sh) is the guest's
architecture; a header line 'KEY-ARCH:' (e.g. '# expect-log-arm64:')
takes the place of the scenario's 'KEY:' line on that architecture.

Prints one line per case ('PASS  name'; a failed case's '# ' lines from
the guest follow it as '#   ' lines), then the failures' details and its
own totals as comments (the bare totals line is harness/summarise.sh's);
exits 1 if anything failed, a guest hung or panicked, or the kernel log
shows a BUG, WARNING or Oops.  KTAP (KUnit's, ftracetest's) is parsed by
harness/ktap.py.
"""
import argparse
import base64
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ktap  # noqa: E402
ARCH = os.environ.get("GUEST_ARCH") or "x86_64"

# Kernel log lines that fail a run wherever they appear.
BAD_LOG = re.compile(r"\bBUG: |\bWARNING: |\bOops\b|Kernel panic|"
                     r"general protection fault|UBSAN: |KASAN: |"
                     r"INFO: task .* blocked|rcu: INFO: |"
                     # SLUB's own reports: "BUG kmalloc-64 (Tainted: ...)"
                     r"\bBUG [\w.:-]+ \(")
TIMESTAMP = re.compile(r"^\[\s*\d+\.\d+\] ?")


class Report:
    def __init__(self):
        self.cases = []          # (status, name)
        self.details = []        # text blocks shown for failures

    def add(self, status, name):
        self.cases.append((status, name))
        print(f"{status:<5} {name}", flush=True)

    def count(self, status):
        return sum(1 for s, _ in self.cases if s == status)

    def finish(self):
        """Prints the failures' details and this run's totals, all as
        comments (the one bare totals line is harness/summarise.sh's);
        returns the exit status."""
        failed = self.count("FAIL")
        if failed:
            print("\n# Failures in detail")
            for d in self.details:
                for line in d.splitlines():
                    print(line if line.startswith("#") else f"# {line}")
            print()
        print(f"# boots: {self.count('PASS')} passed, {failed} failed, "
              f"{self.count('SKIP')} skipped", flush=True)
        return 1 if failed else 0


def kunit_name(case):
    """'kunit: SUITE.CASE' (a suite's own line: 'kunit: SUITE')."""
    return ("kunit: " + ".".join(n.name for n in case.path) +
            case.node.note())


def parse_kunit(lines, report, scenario):
    """KUnit's KTAP from the console: one line per case (a parameterised
    case is one line), a suite's own line only when it failed without a
    failing case; no KTAP, no plan or fewer suites than the plan is a
    FAIL (a boot that died mid-suite)."""
    docs = ktap.parse(lines)
    if not docs:
        report.add("FAIL", f"kunit: no KTAP output ({scenario})")
        return
    for i, doc in enumerate(docs):
        # After the boot's suites, a module's come as another document.
        if i and doc.plan is None and not doc.children:
            continue
        ktap.report_cases(report, doc, kunit_name, fold=1)
        if doc.plan is None:
            report.add("FAIL", f"kunit: no KTAP plan ({scenario})")
        elif doc.reported() != doc.plan:
            report.add("FAIL", f"kunit: {doc.reported()} of {doc.plan} "
                       f"suites finished ({scenario})")


def ftracetest_name(case):
    """'ftracetest: [N] description', then ' (XFAIL)' and the like."""
    n = case.node
    return f"ftracetest: [{n.number}] {n.desc}{n.note()}"


def parse_ftracetest(lines, report):
    """ftracetest -K's KTAP (see harness/ktap.py for the statuses)."""
    docs = ktap.parse(lines)
    if not docs:
        report.add("FAIL", "ftracetest: did not start (no KTAP plan)")
    for doc in docs:
        ktap.report_cases(report, doc, ftracetest_name)
        if doc.plan is None:
            report.add("FAIL", "ftracetest: did not start (no KTAP plan)")
        elif doc.reported() != doc.plan:
            report.add("FAIL", f"ftracetest: {doc.reported()} of "
                       f"{doc.plan} cases reported")


# A failed case's "# " lines on the results port shown under its FAIL
# line: the last ones (all are in SCENARIO.results).
DETAIL_LINES = 30


def parse_results(path, report, scenario):
    try:
        with open(path, errors="replace") as f:
            lines = [l.rstrip("\r\n") for l in f]
    except OSError:
        lines = []
    section = None
    files = {}
    ftlines = []
    ft_ran = False
    logs = {}
    finished = False
    dmesg = []
    # The "# " lines after an '@@ result FAIL' line (expect's output,
    # say), printed under it once the next marker or the end comes.
    detail = None
    # Where the guest was last heard of: the ftracetest case that
    # started last ('# running N-FILE', harness/guest/lib.sh), or the
    # last result.
    where = None

    def show_detail(more=False):
        nonlocal detail
        if detail:
            if len(detail) > DETAIL_LINES:
                print(f"#   ({len(detail) - DETAIL_LINES} lines before "
                      f"these in {os.path.basename(path)})")
            for d in detail[-DETAIL_LINES:]:
                print("#   " + (d[2:] if d.startswith("# ") else d[1:]))
            sys.stdout.flush()
        # more: the case's lines may go on after an '@@ info' line.
        detail = [] if more and detail is not None else None

    for line in lines:
        if line.startswith("# running "):
            where = f"in ftracetest case {line[10:]}"
        elif ktap.parse_result(line):
            where = f"after ftracetest's '{line}'"
        elif line.startswith("@@ result "):
            where = f"after '{line[10:]}'"
        if line.startswith("@@ info "):
            show_detail(more=True)
            print(f"# {line[8:]}", flush=True)
            continue
        if line.startswith("@@ "):
            show_detail()
        if line.startswith("@@ result "):
            m = re.match(r"@@ result (PASS|FAIL|SKIP) (.*)$", line)
            if m:
                report.add(m.group(1), m.group(2))
                if m.group(1) == "FAIL":
                    detail = []
            # A case's result ends the ftracetest logs before it.
            if isinstance(section, tuple) and section[0] == "log":
                section = None
            continue
        if line == "@@ ftracetest begin":
            section = "ft"
            ft_ran = True
            continue
        if line.startswith("@@ ftracetest exit"):
            section = None
            continue
        if line.startswith("@@ log "):
            section = ("log", line[7:])
            logs[section[1]] = []
            continue
        if line.startswith("@@ file "):
            section = ("file", line[8:])
            files[section[1]] = []
            continue
        if line == "@@ endfile":
            section = None
            continue
        if line == "@@ dmesg":
            section = "dmesg"
            continue
        if line == "@@ end":
            finished = True
            section = None
            continue
        if section == "ft":
            ftlines.append(line)
        elif isinstance(section, tuple) and section[0] == "file":
            files[section[1]].append(line)
        elif isinstance(section, tuple):
            logs[section[1]].append(line)
        elif section == "dmesg":
            dmesg.append(line)
        elif detail is not None and line.startswith("#"):
            detail.append(line)
    show_detail()
    if ft_ran:
        parse_ftracetest(ftlines, report)
    for name, text in files.items():
        try:
            data = base64.b64decode("".join(text))
        except ValueError:
            report.add("FAIL", f"{scenario}: file {name} came back garbled")
            continue
        with open(os.path.join(os.path.dirname(path),
                               f"{scenario}.{name}"), "wb") as f:
            f.write(data)
    for name, text in logs.items():
        report.details.append(f"--- {scenario}: ftracetest log {name}\n" +
                              "\n".join(text[-60:]))
    return finished, dmesg, where


def scenario_header(path, key):
    for k in (f"{key}-{ARCH}", key):
        with open(path) as f:
            for line in f:
                m = re.match(rf"^#\s*{k}:\s*(.*)$", line)
                if m:
                    return m.group(1).strip()
    return ""


def run_rebooting(cmd, results):
    """Run a guest that may reboot (RAM kept) until its results end.

    The test kernel cannot power the machine off (no CONFIG_PM), so the
    guest's last boot waits once it has written '@@ end', and QEMU is
    stopped then.  Returns QEMU's status, 0 if stopped that way.
    """
    # QEMU's "terminating on signal" line is no news.
    p = subprocess.Popen(cmd, start_new_session=True,
                         stderr=subprocess.DEVNULL)
    while p.poll() is None:
        time.sleep(1)
        try:
            with open(results, errors="replace") as f:
                ended = any(l.startswith("@@ end") for l in f)
        except OSError:
            ended = False
        if ended:
            os.killpg(p.pid, signal.SIGTERM)
            p.wait()
            return 0
    return p.returncode


def run_scenario(script, args, report):
    name = os.path.basename(script)[:-3]
    cmdline = scenario_header(script, "cmdline")
    timeout = int(scenario_header(script, "timeout") or 300)
    if name in args.timeout_of:
        timeout = args.timeout_of[name]
    if args.append:
        cmdline += " " + args.append
    fuzz = scenario_header(script, "fuzz-seconds")
    if fuzz:
        secs = int(os.environ.get("FUZZ_SECONDS") or fuzz)
        seed = os.environ.get("FUZZ_SEED") or str(random.randrange(1, 2**31))
        cmdline += f" fuzz.seconds={secs} fuzz.seed={seed}"
        if os.environ.get("FUZZ_KMSG"):
            cmdline += " fuzz.kmsg=1 ignore_loglevel printk.devkmsg=on"
        if os.environ.get("FUZZ_EXCLUDE"):
            cmdline += f" fuzz.exclude={os.environ['FUZZ_EXCLUDE']}"
        timeout += max(0, secs - int(fuzz))
        print(f"# {name}: FUZZ_SEED={seed} FUZZ_SECONDS={secs}", flush=True)
    out = args.out
    initrd = os.path.join(out, f"{name}.cpio")
    console = os.path.join(out, f"{name}.console.log")
    results = os.path.join(out, f"{name}.results")
    # Nothing of an earlier run may pass for this one's output.
    for fn in os.listdir(out):
        if fn.startswith(name + "."):
            os.unlink(os.path.join(out, fn))
    # The kernel's build directory, for the headers mkinitramfs.sh gives
    # clients that compile against them.
    env = dict(os.environ)
    if "/arch/" in args.kernel:
        env["KBUILD_OBJ"] = args.kernel.split("/arch/")[0]
    # Guests of parallel runs (--jobs) share the guest tools built in
    # DIR: one builds them at a time.
    subprocess.run(["flock", os.path.join(out, ".mkinitramfs.lock"),
                    os.path.join(HERE, "mkinitramfs.sh"), args.tree,
                    initrd, script], check=True, env=env)
    start = time.time()
    # "# mem: SIZE": a guest whose tools need more than qemu.sh's RAM.
    mem = scenario_header(script, "mem")
    if mem:
        os.environ["QEMU_MEM"] = mem
    else:
        os.environ.pop("QEMU_MEM", None)
    cmd = [os.path.join(HERE, "qemu.sh"), "-t", str(timeout), "-c", console,
           "-r", results, "-a", cmdline]
    if scenario_header(script, "reboot") == "yes":
        rc = run_rebooting(cmd + ["-R", args.kernel, initrd], results)
    else:
        rc = subprocess.run(cmd + [args.kernel, initrd]).returncode
    took = time.time() - start

    with open(console, errors="replace") as f:
        clines = [TIMESTAMP.sub("", l.rstrip("\r\n")) for l in f]
    if "kunit.enable=0" not in cmdline and not args.no_kunit:
        parse_kunit(clines, report, name)
    finished, dmesg, where = parse_results(results, report, name)

    host_check = scenario_header(script, "host-check")
    if host_check:
        out_lines = subprocess.run([os.path.join(HERE, host_check), out,
                                    name], capture_output=True,
                                   text=True).stdout.splitlines()
        for line in out_lines:
            m = re.match(r"^(PASS|FAIL|SKIP)\s+(.*)$", line)
            if m:
                report.add(m.group(1), m.group(2))
            elif line.startswith("#"):
                report.details.append(line)

    bad = [l for l in clines + dmesg if BAD_LOG.search(l)]
    # A scenario that provokes a report on purpose names it: it must
    # appear, and it does not fail the run.
    expected = scenario_header(script, "expect-log")
    if expected:
        want = re.compile(expected)
        if not any(want.search(l) for l in clines + dmesg):
            report.add("FAIL", f"{name}: kernel log lacks '{expected}'")
        bad = [l for l in bad if not want.search(l)]
    for line in dict.fromkeys(bad):
        report.add("FAIL", f"{name}: kernel log: {line.strip()}")
    if rc == 124:
        report.add("FAIL", f"{name}: guest hung (killed after {timeout} s)")
        if where:
            print(f"#   killed {where}", flush=True)
    elif not finished:
        report.add("FAIL", f"{name}: guest did not finish (qemu exit {rc})")
    if bad or rc or not finished:
        report.details.append(f"--- {name}: console log kept in {console}")
    print(f"# {name}: booted and ran in {took:.0f} s", flush=True)


def read_timeouts(path):
    """--timeouts FILE: 'NAME SECONDS [...]' lines ('#' comments)."""
    out = {}
    if path:
        with open(path) as f:
            for line in f:
                w = line.split()
                if len(w) >= 2 and not w[0].startswith("#"):
                    out[w[0]] = int(w[1])
    return out


def run_parallel(names, args):
    """--jobs N: each scenario in a child check.py of its own, N at a
    time, in the order given (the longest first balances the jobs best);
    a child's lines are printed together when it ends.  Returns 1 if any
    child failed."""
    queue = list(names)
    lock = threading.Lock()
    status = [0]
    child = [sys.executable, os.path.abspath(__file__), "--kernel",
             args.kernel, "--tree", args.tree, "--out", args.out,
             "--boots", args.boots, "--append", args.append]
    if args.timeouts:
        child += ["--timeouts", args.timeouts]
    if args.no_kunit:
        child.append("--no-kunit")

    def worker():
        while True:
            with lock:
                if not queue:
                    return
                name = queue.pop(0)
            p = subprocess.run(child + ["--only", name],
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            with lock:
                sys.stdout.write(p.stdout)
                sys.stdout.flush()
                if p.returncode:
                    status[0] = 1

    threads = [threading.Thread(target=worker) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return status[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--tree", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default="",
                    help="run only these scenarios (names, comma-separated)")
    ap.add_argument("--no-kunit", action="store_true",
                    help="the kernel has no KUnit: no KTAP is looked for")
    ap.add_argument("--boots", default=os.path.join(HERE, "boots"),
                    help="the directory of scenarios")
    ap.add_argument("--append", default="",
                    help="kernel parameters added to every scenario's")
    ap.add_argument("--timeouts", default="",
                    help="a file of 'NAME SECONDS' lines: those timeouts "
                    "replace the scenarios' own")
    ap.add_argument("--jobs", type=int, default=1,
                    help="guests at a time (each scenario then runs in a "
                    "child check.py, in the order of --only if given)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    args.timeout_of = read_timeouts(args.timeouts)

    report = Report()
    boots = args.boots
    only = list(filter(None, args.only.split(",")))
    names = sorted(f[:-3] for f in os.listdir(boots) if f.endswith(".sh"))
    if only:
        names = [n for n in only if n in names]
    if args.jobs > 1:
        sys.exit(run_parallel(names, args))
    for name in names:
        print(f"# scenario {name}", flush=True)
        run_scenario(os.path.join(boots, name + ".sh"), args, report)

    sys.exit(report.finish())


if __name__ == "__main__":
    main()
