#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot a LoongArch test kernel once and report, as harness/check.py does.

usage: check-boot.py --kernel VMLINUX --out DIR [--timeout SECONDS]

The kernel carries its initramfs (harness/loongarch/initramfs.sh): /init
is the nolibc runner.  QEMU 7.2's firmware-less LoongArch guest has one
UART, so the console carries everything: the kernel's messages with KUnit's
KTAP while the kernel boots, then, after "Run /init as init process", the
runner's KTAP (its lines carry no printk timestamp; the kernel's do).

Prints one line per case ('PASS  kunit: suite.case', 'PASS  runner:
NAME'), then its own totals as a comment; a failure's reason and the
runner's diagnostics before it come after them.  A boot that does not
reach the runner's end (its line '# ftrace-runner: done', every test of its
KTAP plan reported) within the timeout is a FAIL line; so is a BUG,
WARNING, Oops or panic in the kernel log.  QEMU is stopped once the runner
is done, whether or not its restart ends it.  The console is kept in
DIR/boot.console.log.  Exits 1 if anything failed.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import ktap  # noqa: E402
from check import BAD_LOG, TIMESTAMP, Report, parse_kunit  # noqa: E402

INIT_STARTS = re.compile(r"Run /init as init process")
# The runner's last line (harness/guest/ftrace-runner.c).
RUNNER_DONE = "# ftrace-runner: done"
# A panic: nothing more to wait for.
PANIC = re.compile(r"Kernel panic - not syncing")


def runner_name(case):
    """'runner: NAME' ('runner: SUBTEST: NAME' were it to nest)."""
    return ("runner: " + ": ".join(n.name for n in case.path) +
            case.node.note())


def boot(args, console, seen):
    """Run QEMU, its console to the file console, each line also given to
    seen(line), which says when QEMU may be stopped.  Returns (the
    console's lines, timed out, seconds taken)."""
    cmd = [os.path.join(os.path.dirname(HERE), "qemu.sh"),
           "-t", str(args.timeout), args.kernel, "-"]
    env = dict(os.environ, GUEST_ARCH="loongarch")
    start = time.time()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, env=env,
                            start_new_session=True)
    lines = []
    ending = None

    def stop():
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass

    # qemu.sh's own timeout ends QEMU; this one also covers a QEMU that
    # ignores it.
    timer = threading.Timer(args.timeout + 20, stop)
    timer.start()
    with open(console, "w", errors="replace") as log:
        for raw in proc.stdout:
            line = raw.decode(errors="replace").rstrip("\r\n")
            log.write(line + "\n")
            log.flush()
            lines.append(line)
            if ending is None and seen(line):
                # A few seconds for what the kernel still prints, in
                # case the guest's restart does not end QEMU.
                ending = threading.Timer(3, stop)
                ending.start()
    rc = proc.wait()
    timer.cancel()
    if ending:
        ending.cancel()
    took = time.time() - start
    return lines, rc == 124 or took > args.timeout, took


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    console = os.path.join(args.out, "boot.console.log")
    if os.path.exists(console):
        os.unlink(console)

    report = Report()
    runner = ktap.Ktap()
    in_init = False
    done = False

    def seen(line):
        nonlocal in_init, done
        if not in_init:
            in_init = bool(INIT_STARTS.search(line))
        elif TIMESTAMP.match(line):
            pass
        elif line.strip() == RUNNER_DONE:
            done = done or runner.started
        else:
            runner.feed(line)
        return done or bool(PANIC.search(line))

    print("# scenario loongarch boot", flush=True)
    lines, hung, took = boot(args, console, seen)
    runner.finish()

    kunit = []
    for line in lines:
        if INIT_STARTS.search(line):
            break
        kunit.append(TIMESTAMP.sub("", line))
    parse_kunit(kunit, report, "boot")

    doc = runner.docs[0] if runner.docs else None
    if doc:
        ktap.report_cases(report, doc, runner_name)
    boot_failed = True
    if not in_init:
        report.add("FAIL", "boot: the kernel never started /init")
    elif doc is None or doc.plan is None:
        report.add("FAIL", "runner: did not start (no KTAP plan)")
    elif doc.reported() != doc.plan:
        report.add("FAIL", f"runner: {doc.reported()} of {doc.plan} "
                   "tests reported")
    elif not done:
        report.add("FAIL", f"runner: no '{RUNNER_DONE}'")
    else:
        boot_failed = False
    bad = [l for l in lines if BAD_LOG.search(l)]
    for line in dict.fromkeys(bad):
        report.add("FAIL", f"boot: kernel log: {TIMESTAMP.sub('', line)}")
    if hung:
        report.add("FAIL", f"boot: guest hung (killed after "
                   f"{args.timeout} s)")
    if boot_failed or bad or hung:
        tail = [l for l in lines if l.strip()][-60:]
        report.details.append(f"--- boot: console log kept in {console}; "
                              "its end:\n" + "\n".join(tail))
    print(f"# boot: booted and ran in {took:.0f} s", flush=True)

    sys.exit(report.finish())


if __name__ == "__main__":
    main()
