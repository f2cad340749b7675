#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# summarise.sh - pass test output through and close it with the line
# "N passed, N failed, N skipped", counting lines that start with PASS,
# FAIL or SKIP.  Exits 1 if any case failed or none ran at all.
awk '
{ print; fflush() }
/^PASS / { pass++ }
/^FAIL / { fail++ }
/^SKIP / { skip++ }
END {
	if (pass + fail + skip == 0) {
		print "FAIL  no test reported a result"
		fail = 1
	}
	printf "%d passed, %d failed, %d skipped\n", pass, fail, skip
	exit fail > 0
}'
