#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# summarise.sh - pass test output through and close it with the line
# "N passed, N failed, N skipped", counting lines that start with PASS,
# FAIL or SKIP.  That closing line is the only one of its form in the
# output (.ci/run takes the last): such a line coming through (another
# summarise.sh's) becomes a "# " comment.  The failed cases are named
# again just before it (a log's tail then says which).  Exits 1 if any
# case failed or none ran at all.
awk '
/^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$/ {
	print "# " $0; fflush(); next
}
{ print; fflush() }
/^PASS / { pass++ }
/^FAIL / { failed[fail++] = $0 }
/^SKIP / { skip++ }
END {
	if (pass + fail + skip == 0) {
		failed[0] = "FAIL  no test reported a result"
		print failed[0]
		fail = 1
	}
	for (i = 0; i < fail && i < 40; i++)
		print "# failed: " substr(failed[i], 7)
	printf "%d passed, %d failed, %d skipped\n", pass, fail, skip
	exit fail > 0
}'
