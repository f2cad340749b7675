# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 300
#
# Hist triggers as a user reaches them (Documentation/trace/histogram.rst):
# a histogram of sched_switch by command sorted by hits, the wakeup
# latency synthetic event with a histogram on it, onmax().save() and
# onmax().snapshot(); then the lifetimes: a synthetic event in use
# cannot be removed, and triggers come and go while events fire on
# every CPU (the host checks dmesg); enable_hist and disable_hist;
# records written to events' inject files.
. /harness/lib.sh

T=/sys/kernel/tracing
if [ ! -e $T/events/sched/sched_switch/hist ]; then
	result SKIP hist "no hist triggers in this kernel"
	dmesg_tail
	exit 0
fi
cd $T

# naps N: N short sleeps, each a wakeup of a task named "sleep".
naps() {
	i=0
	while [ $i -lt "$1" ]; do
		sleep 0.02
		i=$((i + 1))
	done
}

# sorted_by_hits FILE: the hitcounts of FILE's entries never rise, and
# the Hits total is at least their sum.
sorted_by_hits() {
	awk '/} hitcount:/ { n = $NF + 0; if (seen && n > last) bad = 1;
			   last = n; seen = 1; sum += n }
	     /^ *Hits:/ { hits = $2 }
	     END { exit !(seen && !bad && hits >= sum) }' "$1" ||
		{ cat "$1"; false; }
}

# 1. Which commands switch out most: keys=prev_comm, sorted by hits.
SW=events/sched/sched_switch
echo 'hist:keys=prev_comm:vals=hitcount:sort=hitcount.descending' \
	>$SW/trigger
naps 10
cat $SW/hist >/tmp/switch.hist
expect hist "sched_switch by prev_comm has entries, sorted by hits" \
	sorted_by_hits /tmp/switch.hist
expect hist "the sleeps show as their command" \
	grep -q '{ prev_comm: sleep ' /tmp/switch.hist
expect hist "the trigger file shows the trigger" \
	grep -q '^hist:keys=prev_comm:vals=hitcount:sort=hitcount.descending:size=2048 \[active\]' \
		$SW/trigger
expect hist "removing it with ! empties the trigger file" \
	sh -c "echo '!hist:keys=prev_comm:vals=hitcount:sort=hitcount.descending' >>$SW/trigger &&
	       ! grep -q '^hist' $SW/trigger"

# size= is rounded up to a power of two from 128 to 128K, as upstream.
expect hist "size=64 is refused and size=65 gives 128" \
	sh -c "! echo 'hist:keys=prev_pid:size=64' >$SW/trigger &&
	       echo 'hist:keys=prev_pid:size=65' >$SW/trigger &&
	       grep -q 'hist:keys=prev_pid:vals=hitcount:sort=hitcount:size=128 ' $SW/trigger &&
	       echo '!hist:keys=prev_pid' >>$SW/trigger"

# Conditional triggers run with the buffer off too (the record goes to
# scratch): a histogram with a filter counts, a traceon with a filter
# turns tracing back on.
echo 1 >$SW/enable
echo 0 >tracing_on
echo 'hist:keys=next_comm if next_comm == "sleep"' >$SW/trigger
echo 'traceon if next_comm == "sleep"' >>$SW/trigger
naps 2
expect hist "with tracing off, a filtered hist trigger counts" \
	grep -q '{ next_comm: sleep ' $SW/hist
expect hist "and a filtered traceon turns tracing on" \
	grep -qx 1 tracing_on
echo '!traceon' >>$SW/trigger
echo '!hist:keys=next_comm' >>$SW/trigger
echo 0 >$SW/enable

# 2. histogram.rst's wakeup latency, with the woken task's comm kept in
# a string variable at sched_waking and handed to the synthetic event.
echo 'wakeup_latency u64 lat; pid_t pid; int prio; char comm[16]' \
	>synthetic_events
echo 'hist:keys=pid:ts0=common_timestamp.usecs,wcomm=comm if comm=="sleep"' \
	>events/sched/sched_waking/trigger
echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_latency($wakeup_lat,next_pid,next_prio,$wcomm) if next_comm=="sleep"' \
	>$SW/trigger
echo 'hist:keys=pid,prio,lat:sort=pid,lat' \
	>events/synthetic/wakeup_latency/trigger
echo 1 >events/synthetic/wakeup_latency/enable
echo >trace
naps 10
echo 0 >events/synthetic/wakeup_latency/enable
expect hist "wakeup_latency records the sleeps' wakeups" \
	grep -Eq 'wakeup_latency: lat=[0-9]+ pid=[0-9]+ prio=120 comm=sleep' trace
expect hist "the histogram on wakeup_latency counts them" \
	grep -Eq '^\{ pid: +[0-9]+, prio: +120, lat: +[0-9]+ \} hitcount: +[0-9]+' \
		events/synthetic/wakeup_latency/hist
expect hist "a synthetic event in use is -EBUSY to remove" \
	sh -c "! echo '!wakeup_latency' >>synthetic_events"
expect hist "and stays" test -d events/synthetic/wakeup_latency
if [ -e $SW/hist_debug ]; then
	cat events/sched/sched_waking/hist_debug >/tmp/waking.debug
	cat $SW/hist_debug >/tmp/switch.debug
	expect hist "hist_debug: sched_waking's variables and who reads them" \
		sh -c "grep -q '^    vars\[0\]: ts0$' /tmp/waking.debug &&
		       grep -q '^    vars\[1\]: wcomm$' /tmp/waking.debug &&
		       grep -q 'kind: string, copied at entry offset' /tmp/waking.debug &&
		       grep -q 'references to its variables from other triggers: 2$' /tmp/waking.debug"
	expect hist "hist_debug: sched_switch reads them and fires the synthetic event" \
		sh -c "grep -q '^    refs\[0\]: \$ts0 of hist_data ' /tmp/switch.debug &&
		       grep -q '^    refs\[1\]: \$wcomm of hist_data ' /tmp/switch.debug &&
		       grep -q '^      handler: onmatch$' /tmp/switch.debug &&
		       grep -q '^      action: trace, 4 argument(s)$' /tmp/switch.debug"
else
	result SKIP hist "hist_debug: no HIST_TRIGGERS_DEBUG in this kernel"
fi

# 3. onmax().save() and onmax().snapshot() on the same latency.
echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_latency($wakeup_lat,next_pid,next_prio,$wcomm) if next_comm=="sleep"' \
	>>$SW/trigger
echo '!hist:keys=pid,prio,lat:sort=pid,lat' \
	>>events/synthetic/wakeup_latency/trigger
expect hist "once unused, the synthetic event is removed" \
	sh -c "echo '!wakeup_latency' >>synthetic_events &&
	       test ! -d events/synthetic/wakeup_latency"
echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmax($wakeup_lat).save(next_comm,prev_pid,prev_comm):onmax($wakeup_lat).snapshot() if next_comm=="sleep"' \
	>$SW/trigger
echo 1 >events/sched/sched_switch/enable
naps 10
cat $SW/hist >/tmp/max.hist
expect hist "onmax().save() shows the max and the saved fields" \
	grep -Eq 'max: +[0-9]+ +next_comm: sleep +prev_pid: +[0-9]+ +prev_comm: ' \
		/tmp/max.hist
expect hist "onmax().snapshot() took a snapshot" \
	grep -q 'Snapshot taken' /tmp/max.hist
expect hist "the snapshot holds the switch to the sleep" \
	grep -q 'sched_switch: .*next_comm=sleep' snapshot
echo 0 >events/sched/sched_switch/enable
echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmax($wakeup_lat).save(next_comm,prev_pid,prev_comm):onmax($wakeup_lat).snapshot() if next_comm=="sleep"' \
	>>$SW/trigger
echo '!hist:keys=pid:ts0=common_timestamp.usecs,wcomm=comm if comm=="sleep"' \
	>>events/sched/sched_waking/trigger
echo 0 >snapshot
expect hist "every trigger is gone" \
	sh -c "! grep -q '^hist' $SW/trigger events/sched/sched_waking/trigger"

# 4. Churn: hist triggers (with variables read across events) added and
# removed 30 times while both CPUs switch tasks.
load() {
	while [ -e /tmp/hist.load ]; do
		sleep 0.01
	done
}
touch /tmp/hist.load
load &
load &
n=0 bad=0
while [ $n -lt 30 ]; do
	echo 'hist:keys=pid:t=common_timestamp' \
		>>events/sched/sched_waking/trigger || bad=1
	echo 'hist:keys=next_pid:d=common_timestamp-$t:vals=hitcount' \
		>>$SW/trigger || bad=1
	echo 'hist:keys=common_cpu,prev_pid:vals=prev_prio' \
		>>$SW/trigger || bad=1
	cat $SW/hist events/sched/sched_waking/hist >/dev/null || bad=1
	echo '!hist:keys=next_pid:d=common_timestamp-$t:vals=hitcount' \
		>>$SW/trigger || bad=1
	echo '!hist:keys=common_cpu,prev_pid:vals=prev_prio' \
		>>$SW/trigger || bad=1
	echo '!hist:keys=pid:t=common_timestamp' \
		>>events/sched/sched_waking/trigger || bad=1
	n=$((n + 1))
done
rm /tmp/hist.load
wait
expect hist "30 rounds of triggers added and removed under load" \
	test $bad = 0
expect hist "nothing is left behind" \
	sh -c "! grep -q '^hist' $SW/trigger events/sched/sched_waking/trigger"

# 5. enable_hist/disable_hist: a paused histogram on sched_waking that
# a fork continues (once: count 1) and an exit pauses again.
WK=events/sched/sched_waking
echo 'hist:keys=common_pid:pause' >$WK/trigger
naps 3
expect hist "a histogram made paused counts nothing" \
	grep -q '^ *Hits: 0$' $WK/hist
expect hist "enable_hist:sched:sched_waking:1 on sched_process_fork" \
	sh -c "echo 'enable_hist:sched:sched_waking:1' >events/sched/sched_process_fork/trigger &&
	       grep -qx 'enable_hist:sched:sched_waking:count=1' events/sched/sched_process_fork/trigger"
expect hist "a second enable_hist of the same event is refused" \
	sh -c "! echo 'enable_hist:sched:sched_waking' >>events/sched/sched_process_fork/trigger"
naps 3
expect hist "a fork continued the histogram, and used the count" \
	sh -c "grep -q 'hist:keys=common_pid.*\[active\]' $WK/trigger &&
	       grep -qx 'enable_hist:sched:sched_waking:count=0' events/sched/sched_process_fork/trigger"
naps 3
expect hist "which then counts wakeups" \
	sh -c "! grep -q '^ *Hits: 0$' $WK/hist"
echo 'disable_hist:sched:sched_waking' >events/sched/sched_process_exit/trigger
naps 2
expect hist "disable_hist on sched_process_exit paused it again" \
	grep -q 'hist:keys=common_pid.*\[paused\]' $WK/trigger
echo '!disable_hist:sched:sched_waking' >>events/sched/sched_process_exit/trigger
echo '!enable_hist:sched:sched_waking' >>events/sched/sched_process_fork/trigger
echo '!hist:keys=common_pid' >>$WK/trigger
expect hist "and every one of them is gone" \
	sh -c "! grep -q '^[a-z]' $WK/trigger events/sched/sched_process_fork/trigger events/sched/sched_process_exit/trigger"

# 6. Event inject: a record written by hand reaches the trace and the
# event's histogram (with the hist trigger alone the event is only
# soft-enabled: its records, injected ones too, stay out of the trace);
# bad input writes nothing.
if [ ! -e $WK/inject ]; then
	result SKIP hist "inject: no TRACE_EVENT_INJECT in this kernel"
	dmesg_tail
	exit 0
fi
echo 'hist:keys=pid,comm' >$WK/trigger
echo 1 >$WK/enable
echo >trace
expect hist "inject is write-only" \
	sh -c "ls -l $WK/inject | grep -q '^--w-------'"
expect hist "inject writes a sched_waking record" \
	sh -c "echo 'comm=injected pid=4242 prio=120 target_cpu=1' >$WK/inject"
expect hist "the trace shows it with its fields" \
	grep -q 'sched_waking: comm=injected pid=4242 prio=120 target_cpu=001' trace
expect hist "and the event's histogram counts it" \
	grep -Eq '^\{ pid: +4242, comm: injected +\} hitcount: +1$' $WK/hist
expect hist "a quoted string with a blank, fields not named are zero" \
	sh -c "echo \"comm='a b' pid=7\" >$WK/inject &&
	       grep -q 'sched_waking: comm=a b pid=7 prio=0 target_cpu=000' trace"
expect hist "a dynamic string (__data_loc char[]) is injected" \
	sh -c "echo 'filename=/x/y pid=5' >events/sched/sched_process_exec/inject &&
	       grep -q 'sched_process_exec: filename=/x/y pid=5 old_pid=0' trace"
echo 0 >$WK/enable
echo '!hist:keys=pid,comm' >>$WK/trigger
lines=$(grep -c . trace)
for bad_input in 'nosuch=1' 'common_pid=1' 'prio=99999999999' 'pid=x' \
		 "comm='open" 'comm' '=1' 'pid=1 pid'; do
	expect hist "inject refuses '$bad_input' with EINVAL" \
		sh -c "! echo \"$bad_input\" 2>/tmp/inj.err >$WK/inject &&
		       grep -q 'Invalid argument' /tmp/inj.err"
done
expect hist "and writes nothing for it" test "$(grep -c . trace)" = "$lines"
dmesg_tail
