# SPDX-License-Identifier: GPL-2.0
# timeout: 900
. /harness/lib.sh
exec 3>/dev/ttyS1
T=/sys/kernel/tracing
cd $T
F=events/sched/sched_process_fork
K=events/kmem/kmalloc
say() { echo "### $*" >&3; }
w() { # FILE CMD...
	f=$1; shift
	echo "$*" >> $f 2>/tmp/err; rc=$?
	echo "W rc=$rc $(cat /tmp/err) :: $*" >&3
}
forks() { for i in 1 2 3 4 5; do ( : ) ; done; }
say empty trigger file
cat $F/trigger | od -c | head -5 >&3
say empty hist file
cat $F/hist | od -c | head -5 >&3
say basic
w $F/trigger 'hist:keys=parent_pid:vals=child_pid'
forks
cat $F/trigger >&3
cat $F/hist >&3
say duplicate
w $F/trigger 'hist:keys=parent_pid:vals=child_pid'
w $F/trigger 'hist:keys=parent_pid:vals=child_pid:sort=hitcount:size=2048'
say pause via different spelling
w $F/trigger 'hist:key=parent_pid:val=child_pid:pause'
cat $F/trigger >&3
w $F/trigger 'hist:keys=parent_pid:vals=child_pid:cont'
w $F/trigger 'hist:keys=parent_pid:vals=child_pid:clear'
cat $F/hist | tail -5 >&3
w $F/trigger 'hist:keys=parent_pid:cont'
w $F/trigger 'hist:keys=child_pid:cont'
w $F/trigger 'hist:keys=child_pid:clear'
w $F/trigger 'hist:keys=child_pid:pause'
cat $F/trigger >&3
say remove nonexistent
w $F/trigger '!hist:keys=nosuch'
w $F/trigger '!hist:keys=comm'
w $F/trigger '!hist:keys=child_pid'
w $F/trigger '!hist:keys=parent_pid:vals=child_pid:sort=child_pid'
cat $F/trigger >&3
w $F/trigger '!hist:keys=parent_pid:vals=child_pid'
echo > $F/trigger
say widths
w $F/trigger 'hist:keys=parent_comm,common_pid.execname,parent_pid.hex:vals=child_pid.hex,common_pid'
w $F/trigger 'hist:keys=parent_pid.log2,child_pid.buckets=10:vals=hitcount.percent,child_pid.graph'
w $F/trigger 'hist:keys=common_cpu,common_timestamp.usecs:nohitcount:vals=child_pid'
w $F/trigger 'hist:keys=parent_pid:vals=hitcount:nohitcount'
w $F/trigger 'hist:keys=parent_pid:vals=hitcount.percent:nohitcount'
w $F/trigger 'hist:keys=common_stacktrace:sort=hitcount.descending,common_stacktrace'
w $F/trigger 'hist:keys=stacktrace:vals=hitcount.graph:sort=hitcount.ascending'
w $F/trigger 'hist:keys=child_pid:sort=child_pid.ascending:size=100 if parent_pid > 0'
w $F/trigger 'hist:keys=child_comm:size=300'
forks
echo $$ >&3
cat $F/trigger >&3
cat $F/hist >&3
echo > $F/trigger
say kmalloc sym
w $K/trigger 'hist:keys=call_site.sym:vals=bytes_req,bytes_alloc.hex'
w $K/trigger 'hist:keys=call_site.sym-offset,bytes_req.log2:vals=bytes_req:sort=bytes_req.descending'
forks
cat $K/trigger >&3
cat $K/hist | head -20 >&3
echo > $K/trigger
say syscall
w events/raw_syscalls/sys_exit/trigger 'hist:keys=id.syscall,ret:sort=id'
forks
cat events/raw_syscalls/sys_exit/hist | head -12 >&3
echo > events/raw_syscalls/sys_exit/trigger
say named
w $F/trigger 'hist:name=foo:keys=common_pid'
w events/sched/sched_process_exit/trigger 'hist:name=foo:keys=common_pid:vals=hitcount'
w events/sched/sched_process_exit/trigger 'hist:name=foo:keys=common_pid,prio'
w events/sched/sched_process_exit/trigger 'hist:name=foo:keys=prio'
w events/sched/sched_process_exec/trigger 'hist:name=foo:keys=common_pid:size=4096'
w events/sched/sched_process_exec/trigger 'hist:name=foo:keys=common_pid:sort=common_pid'
forks
cat events/sched/sched_process_exit/trigger events/sched/sched_process_exec/trigger >&3
cat events/sched/sched_process_exit/hist >&3
w $F/trigger 'hist:name=foo:keys=common_pid:clear'
cat events/sched/sched_process_exit/hist | tail -4 >&3
echo > $F/trigger; echo > events/sched/sched_process_exit/trigger; echo > events/sched/sched_process_exec/trigger
say errors
echo > error_log
for c in 'hist' 'hist:' 'hist:keys' 'hist:keys=' 'hist:keys=nosuch' 'hist:keys=parent_pid,child_pid,parent_comm,child_comm' \
  'hist:keys=parent_pid:vals=nosuch' 'hist:keys=parent_pid:vals=parent_comm' 'hist:keys=parent_pid:sort=nosuch' \
  'hist:keys=parent_pid:sort=a,b,c' 'hist:keys=parent_pid:size=0' 'hist:keys=parent_pid:size=131073' 'hist:keys=parent_pid:size=abc' \
  'hist:keys=parent_pid.nosuchmod' 'hist:keys=parent_pid.execname' 'hist:keys=parent_pid:vals=child_pid.sym' \
  'hist:keys=parent_pid.buckets' 'hist:keys=parent_pid.buckets=0' 'hist:keys=parent_pid.buckets=1' 'hist:keys=parent_pid.hex.sym' \
  'hist:keys=parent_pid:bogus' 'hist:keys=parent_pid:name=' 'hist:keys=hitcount' 'hist:keys=parent_pid:vals=common_stacktrace' \
  'hist:keys=parent_pid:vals=child_pid,parent_pid,child_pid,parent_pid,child_pid' 'hist:keys=parent_pid if nosuch == 1' \
  'hist:keys=parent_pid:sort=parent_pid.nosuch' 'hist:keys=parent_pid.usecs' 'hist:keys=common_timestamp.log2' \
  'hist:keys=parent_comm.hex' 'hist:keys=parent_pid:cont' 'hist:keys=parent_pid:clear' 'hist:keys=parent_pid:vals=hitcount.graph.percent' ; do
	w $F/trigger "$c"
done
cat $F/trigger >&3
cat error_log >&3
echo > $F/trigger
say marker
w events/ftrace/print/trigger 'hist:keys=common_pid,buf'
echo hello > trace_marker; echo hello > trace_marker
cat events/ftrace/print/hist >&3
echo > events/ftrace/print/trigger
say order
w $F/trigger 'traceoff:5'
w $F/trigger 'hist:keys=parent_pid'
w $F/trigger 'stacktrace if child_pid == 0'
w $F/trigger 'hist:keys=child_pid'
cat $F/trigger >&3
cat $F/hist >&3
echo > $F/trigger
cat $F/trigger >&3
dmesg_tail
