# SPDX-License-Identifier: GPL-2.0
# cmdline: kprobe_event=p:bootprobe,vfs_read,count=$arg3:u64;r:bootret,vfs_read,ret=$retval:s64
# timeout: 300
#
# kprobe events beyond ftracetest's cases: the kprobe_event= boot
# parameter, events in an instance, and the lifetimes: an event cannot
# be removed while an instance, a reader's trigger or perf uses it, and
# goes cleanly once nothing does; hostile commands fail cleanly.
. /harness/lib.sh

T=/sys/kernel/tracing
if [ ! -e $T/kprobe_events ]; then
	result SKIP probes "no kprobe events in this kernel"
	dmesg_tail
	exit 0
fi
cd $T

expect probes "kprobe_event= defines its events" \
	sh -c "grep -q '^p:kprobes/bootprobe vfs_read count=\$arg3:u64\$' kprobe_events &&
	       grep -q '^r[0-9]*:kprobes/bootret vfs_read ret=\$retval:s64\$' kprobe_events"
expect probes "kprobe_event= enables them in the top instance" \
	sh -c "grep -qx 1 events/kprobes/bootprobe/enable &&
	       grep -qx 1 events/kprobes/bootret/enable"
dd if=/proc/version of=/dev/null bs=7 count=1 2>/dev/null
expect probes "bootprobe records vfs_read's count (7)" \
	grep -q 'bootprobe: (vfs_read+0x0/0x[0-9a-f]*) count=7$' trace
expect probes "bootret records its return value as s64" \
	grep -Eq 'bootret: \([a-z_0-9]+\+0x[0-9a-f]+/0x[0-9a-f]+ <- vfs_read\) ret=-?[0-9]+$' trace
expect probes "kprobe_profile counts bootprobe's hits" \
	grep -Eq '^  bootprobe +[1-9][0-9]* +0$' kprobe_profile

# An enabled event is busy: removal and truncation fail, nothing goes.
if echo '-:bootprobe' >> kprobe_events 2>/dev/null; then
	result FAIL probes "removing an enabled event fails (EBUSY)"
else
	result PASS probes "removing an enabled event fails (EBUSY)"
fi
if sh -c ': > kprobe_events' 2>/dev/null; then
	result FAIL probes "truncating kprobe_events with an enabled event fails"
else
	result PASS probes "truncating kprobe_events with an enabled event fails"
fi
expect probes "both events are still listed" \
	test "$(wc -l < kprobe_events)" -eq 2
echo 0 > events/kprobes/enable

# A reader in trace_pipe while the event goes.
cat trace_pipe > /tmp/pipe.out &
reader=$!
echo 1 > events/kprobes/bootprobe/enable
dd if=/proc/version of=/dev/null bs=5 count=1 2>/dev/null
echo 0 > events/kprobes/bootprobe/enable
expect probes "removal with a reader on trace_pipe succeeds once disabled" \
	sh -c "echo '-:kprobes/bootprobe' >> kprobe_events"
kill $reader 2>/dev/null
wait $reader 2>/dev/null
expect probes "the reader saw the event's entry" grep -q 'bootprobe:' /tmp/pipe.out
expect probes "the event's directory is gone" test ! -d events/kprobes/bootprobe
expect probes "a trace with its old entries still reads" sh -c "cat trace > /dev/null"

# A trigger holds an event too.
echo 'p:trig vfs_write' >> kprobe_events
echo 'traceoff' > events/kprobes/trig/trigger
if echo '-:trig' >> kprobe_events 2>/dev/null; then
	result FAIL probes "an event with a trigger cannot be removed"
else
	result PASS probes "an event with a trigger cannot be removed"
fi
echo '!traceoff' > events/kprobes/trig/trigger
expect probes "without its trigger it can" sh -c "echo '-:trig' >> kprobe_events"
echo 1 > tracing_on

# perf holds an event while it records.
if command -v perf >/dev/null; then
	echo 'p:perfheld vfs_read' >> kprobe_events
	perf record -q -o /tmp/held.data -e kprobes:perfheld -- sleep 8 \
		>/tmp/held.out 2>&1 &
	perfpid=$!
	# Until perf has opened the event (slow on the debug kernel).
	i=0
	while [ $i -lt 60 ] && ! ls -l /proc/$perfpid/fd 2>/dev/null |
	      grep -q 'perf_event'; do
		sleep 0.1
		i=$((i + 1))
	done
	if echo '-:perfheld' >> kprobe_events 2>/dev/null; then
		result FAIL probes "an event perf records cannot be removed"
	else
		result PASS probes "an event perf records cannot be removed"
	fi
	wait $perfpid
	expect probes "once perf is done it can" \
		sh -c "echo '-:perfheld' >> kprobe_events"
else
	result SKIP probes "perf holds an event (no perf for this guest)"
fi

# An instance records a kprobe event on its own.
mkdir instances/kpinst
echo 'p:inst_ev vfs_read' >> kprobe_events
echo 1 > instances/kpinst/events/kprobes/inst_ev/enable
dd if=/proc/version of=/dev/null bs=3 count=1 2>/dev/null
echo 0 > instances/kpinst/events/kprobes/inst_ev/enable
expect probes "an instance records a kprobe event" \
	grep -q 'inst_ev: (vfs_read' instances/kpinst/trace
expect probes "the top buffer does not" sh -c "! grep -q 'inst_ev:' trace"
expect probes "the instance goes while the event stays" rmdir instances/kpinst
expect probes "then the event goes" sh -c "echo '-:inst_ev' >> kprobe_events"

# The in-kernel API's test module makes two events and enables them.
if modprobe kprobe_event_gen_test 2>/tmp/gen.out; then
	cat /proc/version > /dev/null
	expect probes "kprobe_event_gen_test's events are listed" \
		sh -c "grep -q '^p:kprobes/gen_kprobe_test do_sys_open dfd=' kprobe_events &&
		       grep -q '^r[0-9]*:kprobes/gen_kretprobe_test do_sys_open arg1=\$retval' kprobe_events"
	# arm64 has no open(2): nothing calls do_sys_open there.
	if [ "$(uname -m)" = aarch64 ]; then
		result SKIP probes "and record do_sys_open's calls (arm64: no open(2), do_sys_open is not called)"
	else
		expect probes "and record do_sys_open's calls" \
			sh -c "grep -q 'gen_kprobe_test: (do_sys_open' trace &&
			       grep -q 'gen_kretprobe_test: (.* <- do_sys_open)' trace"
	fi
	expect probes "rmmod kprobe_event_gen_test removes them" \
		sh -c "rmmod kprobe_event_gen_test && ! grep -q gen_ kprobe_events"
else
	result FAIL probes "modprobe kprobe_event_gen_test"
	sed 's/^/# /' /tmp/gen.out >$RESULTS
fi

# A point appended to an event in use fires at once (kprobe, and fprobe
# where there are f: events).
appended() { # KIND-FILE DEFINITION-PREFIX GROUP
	echo "$2 vfs_read" >> $1 &&
	echo 1 > events/$3/multi/enable &&
	echo "$2 vfs_write" >> $1 &&
	echo x > /dev/null &&
	echo 0 > events/$3/multi/enable &&
	grep -q 'multi: (vfs_write' trace &&
	echo '-:multi' >> $1
}
echo > trace
expect probes "a kprobe appended to an enabled event fires" \
	appended kprobe_events p:multi kprobes
if grep -q '<func-name>' README; then
	echo > trace
	expect probes "an fprobe appended to an enabled event fires" \
		appended dynamic_events f:multi fprobes
fi
echo 0 > events/enable

long=$(head -c 5000 /dev/zero | tr '\0' a)
# refused FILE COMMAND: PASS if writing COMMAND to FILE fails.
refused() {
	if printf '%s\n' "$2" >> "$1" 2>/dev/null; then
		result FAIL probes "refused: $(printf '%.40s' "$2")"
	else
		result PASS probes "refused: $(printf '%.40s' "$2")"
	fi
}

# Synthetic events: the in-kernel API's test module makes three and
# records a hit of each; their records and formats show the fields.
if [ -e synthetic_events ]; then
	echo > trace
	if modprobe synth_event_gen_test 2>/tmp/gen.out; then
		expect probes "synth_event_gen_test's events are listed" \
			sh -c "grep -q '^gen_synth_test	pid_t next_pid_field; char\[16\] next_comm_field; u64 ts_ns; u64 ts_ms; unsigned int cpu; char\[64\] my_string_field; int my_int_field\$' synthetic_events &&
			       grep -q '^s:synthetic/create_synth_test	pid_t next_pid_field; char\[16\] next_comm_field; u64 ts_ns; char\[\] dynstring_field_1;' dynamic_events"
		expect probes "synth_event_trace_array() records every field" \
			grep -q 'gen_synth_test: next_pid_field=777 next_comm_field=hula hoops ts_ns=1000000 ts_ms=1000 cpu=[0-9]* my_string_field=thneed my_int_field=598$' trace
		expect probes "synth_event_add_next_val() and _add_val() record" \
			sh -c "grep -q 'empty_synth_test: next_pid_field=777 next_comm_field=tiddlywinks ts_ns=1000000 my_int_field=598\$' trace &&
			       grep -q 'empty_synth_test: next_pid_field=778 next_comm_field=slinky ts_ns=2000000 my_int_field=599\$' trace"
		expect probes "synth_event_trace() records a dynamic string" \
			grep -q 'create_synth_test: next_pid_field=444 next_comm_field=clackers ts_ns=1000000 dynstring_field_1=dynamic string one ts_ms=1000 cpu=[0-9]* my_string_field=Thneed my_int_field=999$' trace
		expect probes "the format file lays the fields out" \
			sh -c "grep -q 'field:__data_loc char\[\] dynstring_field_1;	offset:[0-9]*;	size:4;	signed:1;' events/synthetic/create_synth_test/format &&
			       grep -q 'print fmt: \"next_pid_field=%d, next_comm_field=%s, ts_ns=%llu, dynstring_field_1=%s' events/synthetic/create_synth_test/format"
		expect probes "an enabled synthetic event cannot be removed" \
			sh -c "! echo '!gen_synth_test' >> synthetic_events && grep -q gen_synth_test synthetic_events"
		expect probes "rmmod synth_event_gen_test removes them" \
			sh -c "rmmod synth_event_gen_test && ! grep -q _synth_test synthetic_events"
	else
		result FAIL probes "modprobe synth_event_gen_test"
		sed 's/^/# /' /tmp/gen.out >$RESULTS
	fi
	# A filter and a trigger work on a synthetic event as on any.
	expect probes "a synthetic event takes a filter and a trigger" \
		sh -c "echo 'syn_a u64 lat; char comm[16]' > synthetic_events &&
		       echo 'lat > 10' > events/synthetic/syn_a/filter &&
		       echo traceoff > events/synthetic/syn_a/trigger &&
		       ! echo '!syn_a' >> synthetic_events &&
		       echo '!traceoff' > events/synthetic/syn_a/trigger &&
		       echo 0 > events/synthetic/syn_a/filter &&
		       echo '!syn_a' >> synthetic_events && test ! -s synthetic_events"
	# A removal names the event: another's definition or name leaves it.
	expect probes "a synthetic event goes only when its name (and fields) match" \
		sh -c "echo 'syn_b u64 lat; pid_t pid' >> synthetic_events &&
		       ! echo '!x y' >> dynamic_events &&
		       ! echo '!s:syn_b u64 lat' >> dynamic_events &&
		       grep -q syn_b synthetic_events &&
		       echo '!s:syn_b u64 lat; pid_t pid' >> dynamic_events &&
		       test ! -s synthetic_events"
	for cmd in "x$long u64 a" "ev $(seq -s ' ' 1 70 | sed 's/[0-9]*/u64 f&;/g')" \
		   "ev char s[99999999999]" "ev u64 a; u64 a" "ev unsigned" \
		   "ev char s[-1]" "ev ;;;"; do
		refused synthetic_events "$cmd"
	done
	expect probes "nothing is left in synthetic_events" \
		test ! -s synthetic_events
fi

# Hostile commands: a clean error each, and nothing left behind.
for cmd in "p:$long vfs_read" "p vfs_read $(seq -s ' ' 1 200 | sed 's/[0-9]*/\\&/g')" \
	   "p:x vfs_read +0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))))" \
	   "q:foo vfs_read" "-:" "-:nosuchgroup/nosuchevent" "!p" \
	   "p:bad/name.x vfs_read" "r4097 vfs_read" "p 0x1 %ax"; do
	refused kprobe_events "$cmd"
done
expect probes "nothing is left in kprobe_events" test ! -s kprobe_events
expect probes "nothing is left in dynamic_events" test ! -s dynamic_events
dmesg_tail
