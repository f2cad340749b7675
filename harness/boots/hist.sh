# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 300
#
# Hist triggers as a user reaches them (Documentation/trace/histogram.rst):
# a histogram of sched_switch by command sorted by hits, the wakeup
# latency synthetic event with a histogram on it, onmax().save() and
# onmax().snapshot(); then the lifetimes: a synthetic event in use
# cannot be removed, and triggers come and go while events fire on
# every CPU (the host checks dmesg).
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
dmesg_tail
