#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# events-report.sh OUTDIR SCENARIO - host side of boots/events.sh: the
# host's trace-cmd report of the guest's sched events shows their fields,
# parsed from our format files, as on upstream's kernel.
if [ ! -s "$1/$2.events.dat" ] || [ ! -s "$1/$2.fork.dat" ]; then
	grep -q "^@@ result SKIP events: no trace-cmd" "$1/$2.results" 2>/dev/null ||
		echo "FAIL  events: no events.dat/fork.dat came back from the guest"
	exit 0
fi
# -N: no plugins, so the lines come from our formats' print fmt.
sw='sched_switch: +prev_comm=[^ ]+ prev_pid=[0-9]+ prev_prio=[0-9]+ prev_state=[^ ]+ ==> next_comm=[^ ]+ next_pid=[0-9]+ next_prio=[0-9]+$'
fk='sched_process_fork: +comm=[^ ]+ pid=[0-9]+ child_comm=[^ ]+ child_pid=[0-9]+$'
check() { # DAT REGEX NAME
	report=$(trace-cmd report -N -i "$1" 2>&1)
	if grep -Eq "$2" <<<"$report"; then
		echo "PASS  events: host trace-cmd report parses $3 with its fields"
	else
		echo "FAIL  events: host trace-cmd report parses $3 with its fields"
		sed 's/^/#   /' <<<"$report" | tail -20
	fi
	if grep -qiE 'bad|unknown|failed' <<<"$report"; then
		echo "FAIL  events: host trace-cmd report of $3 has no parse complaint"
		grep -iE 'bad|unknown|failed' <<<"$report" | head -5 |
			sed 's/^/#   /'
	fi
}
check "$1/$2.events.dat" "$sw" sched_switch
check "$1/$2.fork.dat" "$fk" sched_process_fork
# With trace-cmd's plugins, as users see it: its sched_switch plugin
# reads the fields by name.
if trace-cmd report -i "$1/$2.events.dat" 2>&1 |
   grep -Eq 'sched_switch: +[^ ]+:[0-9]+ \[[0-9]+\] [A-Z+]+ ==> [^ ]+:[0-9]+ \[[0-9]+\]'; then
	echo "PASS  events: host trace-cmd's sched_switch plugin reads our fields"
else
	echo "FAIL  events: host trace-cmd's sched_switch plugin reads our fields"
fi
