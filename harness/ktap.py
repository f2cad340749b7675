# SPDX-License-Identifier: GPL-2.0
"""KTAP, parsed once for the whole harness.

Three producers feed it: KUnit on the console (check.py, and
loongarch/check-boot.py before /init), ftracetest -K on the results port
(check.py) and the nolibc runner on LoongArch's console (check-boot.py).

Ktap is fed line by line (printk timestamps already stripped) and builds
a tree: a subtest is a level of deeper indent (any depth, KUnit's four
spaces or any other), opened by its 'KTAP version', '# Subtest: NAME',
plan or first result, and closed by the result line at its parent's
indent.  A level whose closing result never comes (the output ends, or a
shallower result arrives first) becomes a node without a result: a
failure.  A 'KTAP version' line at the top indent after a plan or a
result starts another document (KUnit prints one more per module that
has suites).

A result line is 'ok|not ok N [- ]DESCRIPTION [# COMMENT]'.  The
comment's first word (a ':' after it allowed) is a directive if it is one
of DIRECTIVES in upper case, or if the comment is that one word in any
case (ftracetest's '# error'); the rest of the comment, or all of it
without a directive, is the reason.  Statuses:

  ok                    PASS
  ok # SKIP [why]       SKIP
  ok # OTHER            PASS, the name followed by ' (OTHER)'
                        (ftracetest's XFAIL: 'PASS  ... (XFAIL)')
  not ok [# ...]        FAIL; a directive other than SKIP is appended
                        the same way (ftracetest's UNRESOLVED, error:
                        'FAIL  ... (UNRESOLVED)', '(ERROR)')

so TODO is no exception: 'ok # TODO' is PASS (TODO) and 'not ok # TODO'
a FAIL (TODO).

cases() turns a document into result lines: every leaf, and a node with
subtests only when it failed (or has no result, or fewer subtests than
its plan) and none of its subtests did, which is the line of a suite-level
'not ok' with no failing case.  With fold=N a node at depth N (the top's
results are depth 0) is one result however deep its own subtests go:
KUnit's parameterised cases are one line, failing if any parameter failed.
"""
import re

DIRECTIVES = ("SKIP", "TODO", "XFAIL", "XPASS", "TIMEOUT", "ERROR",
              "UNRESOLVED")
VERSION = re.compile(r"^K?TAP version \d+$")
PLAN = re.compile(r"^1\.\.(\d+)(?:\s+#.*)?$")
SUBTEST = re.compile(r"^# Subtest: (.*)$")
RESULT = re.compile(r"^(not ok|ok) +(\d+)(?:\s+(?:-\s+)?(.*))?$")
# Where a description ends and its comment starts.
COMMENT = re.compile(r"(?:^|\s)#(?:\s+|$)")
# Diagnostics kept per result.
KEEP = 40


class Node:
    """A result line, with the subtests before it."""

    def __init__(self, indent, name=None):
        self.indent = indent    # of its subtests' lines
        self.header = name      # its '# Subtest:' name
        self.desc = None        # the description on its result line
        self.number = None
        self.ok = None          # True, False, or None: no result line
        self.directive = ""
        self.reason = ""
        self.diag = []          # lines since the result before it
        self.plan = None        # its subtests' plan
        self.children = []

    @property
    def name(self):
        return self.header or self.desc or "?"

    def reported(self):
        """Its subtests that have a result line."""
        return sum(1 for c in self.children if c.ok is not None)

    def problem(self):
        """Why a node fails beyond its own 'not ok', or ''."""
        seen = self.reported()
        if self.ok is None:
            if self.plan is not None:
                return (f"no result line (after {seen} of {self.plan} "
                        "subtests)")
            return "no result line"
        if self.plan is not None and seen != self.plan:
            return f"{seen} of {self.plan} subtests reported"
        return ""

    def status(self):
        if not self.ok or self.problem():
            return "FAIL"
        return "SKIP" if self.directive == "SKIP" else "PASS"

    def note(self):
        d = self.directive
        return f" ({d})" if d and d != "SKIP" else ""


class Case:
    """One result line to report: path is the nodes from the top."""

    def __init__(self, status, path, details):
        self.status = status
        self.path = path
        self.node = path[-1]
        self.details = details  # lines, for a FAIL


def parse_result(text):
    """(ok, number, description, directive, reason) of a result line's
    text (stripped), or None."""
    m = RESULT.match(text)
    if not m:
        return None
    ok, num, rest = m.group(1) == "ok", m.group(2), m.group(3) or ""
    c = COMMENT.search(rest)
    desc, comment = (rest[:c.start()], rest[c.end():]) if c else (rest, "")
    directive, reason = "", comment.strip()
    word = reason.split(None, 1)[0] if reason else ""
    w = word.rstrip(":")
    if w in DIRECTIVES or (word == reason and w.upper() in DIRECTIVES):
        directive = w.upper()
        reason = reason[len(word):].strip()
    return ok, int(num) if num else None, desc.strip(), directive, reason


class Ktap:
    """KTAP fed line by line; docs are its documents' top nodes."""

    def __init__(self):
        self.docs = []
        self.stack = []         # open levels, the document's top first
        self.pending = []       # diagnostics for the next result

    @property
    def started(self):
        return bool(self.docs)

    def feed(self, line):
        line = line.rstrip("\r\n")
        text = line.strip()
        if not text:
            return
        indent = len(line) - len(line.lstrip())
        result = parse_result(text)
        version = VERSION.match(text)
        plan = PLAN.match(text)
        if not self.stack:
            # A document starts at a version line, or at a plan or a
            # result in column 0.
            if not (version or (indent == 0 and (plan or result))):
                return
            self._begin(indent)
        top = self.stack[0]
        if version and indent <= top.indent and (top.plan is not None or
                                                 top.children):
            self._end()
            self._begin(indent)
            return
        indent = max(indent, top.indent)
        sub = SUBTEST.match(text)
        if version and indent > top.indent:
            self._fresh(indent, lambda lvl: lvl.plan is not None or
                        lvl.children)
        elif sub and indent > top.indent:
            lvl = self._fresh(indent, lambda lvl: lvl.header is not None
                              or lvl.children)
            lvl.header = sub.group(1).strip()
        elif plan:
            lvl = self._level(indent)
            if lvl.plan is None and not lvl.children:
                lvl.plan = int(plan.group(1))
        elif result:
            self._result(indent, result)
        elif text.startswith("#") or indent > top.indent:
            # A diagnostic (KUnit's "    Expected ..." lines included),
            # kept indented as it is under its level; other lines in
            # column 0 are the kernel's own.
            line = line.rstrip()[min(indent, self.stack[-1].indent):]
            self.pending = (self.pending + [line])[-KEEP:]

    def finish(self):
        """The input is over: levels still open have no result."""
        if self.stack:
            self._end()

    def _begin(self, indent):
        self.stack = [Node(indent)]
        self.docs.append(self.stack[0])
        self.pending = []

    def _end(self):
        self._truncate(self.stack[0].indent)
        self.stack[0].diag = self.pending
        self.stack = []
        self.pending = []

    def _truncate(self, indent):
        """Close the levels deeper than indent: no result came."""
        while len(self.stack) > 1 and self.stack[-1].indent > indent:
            lvl = self.stack.pop()
            lvl.diag, self.pending = self.pending, []
            self.stack[-1].children.append(lvl)

    def _level(self, indent):
        """The open level at indent, opened if deeper than the others
        (those deeper than it are closed without a result)."""
        self._truncate(indent)
        if self.stack[-1].indent < indent:
            self.stack.append(Node(indent))
        return self.stack[-1]

    def _fresh(self, indent, used):
        """The level at indent for a subtest's header line: a new one if
        used(level) says the open one already had its header (its result
        never came)."""
        lvl = self._level(indent)
        if used(lvl):
            self._truncate(indent - 1)
            lvl = self._level(indent)
        return lvl

    def _result(self, indent, parsed):
        ok, number, desc, directive, reason = parsed
        # The level right under this line's is its subtests; any deeper
        # one ended without its own result line.
        child = None
        while len(self.stack) > 1 and self.stack[-1].indent > indent:
            if len(self.stack) > 2 and self.stack[-2].indent > indent:
                self._truncate(self.stack[-2].indent)
                continue
            child = self.stack.pop()
        if self.stack[-1].indent < indent:
            # A result deeper than any open level, with no header.
            self.stack.append(Node(indent))
        node = child if child is not None else Node(indent + 1)
        node.ok, node.number, node.desc = ok, number, desc
        node.directive, node.reason = directive, reason
        node.diag, self.pending = self.pending, []
        self.stack[-1].children.append(node)


def _fails(node):
    return node.status() == "FAIL" or any(_fails(c) for c in node.children)


def _folded(node, depth):
    """The details of a node's failing subtests, indented by depth."""
    out = []
    for c in node.children:
        if not _fails(c):
            continue
        why = c.reason or c.problem()
        out.append("  " * depth + f"not ok {c.number or '?'} {c.name}" +
                   (f": {why}" if why else ""))
        out += ["  " * depth + "  " + d for d in c.diag]
        out += _folded(c, depth + 1)
    return out


def _details(node):
    out = []
    for why in (node.reason, node.problem()):
        if why:
            out.append(why)
    return out + node.diag


def cases(doc, fold=None):
    """The result lines of a document (a top node of Ktap.docs)."""
    out = []

    def walk(node, path, depth):
        failed = False
        if node.children and (fold is None or depth < fold):
            for c in node.children:
                failed |= walk(c, path + [c], depth + 1)
            if failed or node.status() != "FAIL":
                return failed
            out.append(Case("FAIL", path, _details(node)))
            return True
        st = "FAIL" if _fails(node) else node.status()
        out.append(Case(st, path, _details(node) + _folded(node, 0)
                        if st == "FAIL" else []))
        return st == "FAIL"

    for c in doc.children:
        walk(c, [c], 0)
    return out


def parse(lines):
    """The documents of a whole text."""
    k = Ktap()
    for line in lines:
        k.feed(line)
    k.finish()
    return k.docs


def report_cases(report, doc, name, fold=None):
    """Adds a document's result lines to a check.Report: name(case)
    gives each one's name; a failure's reason and diagnostics become a
    details block."""
    for c in cases(doc, fold):
        n = name(c)
        report.add(c.status, n)
        if c.status == "FAIL" and c.details:
            report.details.append(f"--- {n}\n" + "\n".join(c.details))
