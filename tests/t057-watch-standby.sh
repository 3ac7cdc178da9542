# Between checks the watcher keeps the next check's processes ready (runner/engine/children/standby.c): the
# execution child and the analysis on Oclgrind, each in a process group of its own, which check
# the next save with the same verdicts cold processes give, in the learner's language, and leave
# with the watcher. With a device that does not
# open, every save is still answered with the device's error, and the watcher lives on.
. tests/lib.sh
. tests/lib-watch.sh
unset CLINGS_ANALYSIS_PARTS   # the sharing as a learner's machine does it
course=$(copy_course 2>/dev/null)
file="$course/exercises/memory_4.cl"
printf '[clings]\nversion = 1\ncurrent = memory_4\n' > "$(state_file "$course")"

# The watcher's children that lead a process group of their own: the standbys, between checks
# (the execution child, and where Oclgrind is installed the analysis children: one a processor,
# two at most, each for a part of the analysed tests).
want=1 parts=0
if [ -r /usr/lib/oclgrind/liboclgrind-rt-icd.so ]; then
	parts=$(nproc)
	[ "$parts" -gt 2 ] && parts=2
	want=$((1 + parts))
fi
standbys() { ps -o pid=,pgid= --ppid "$pid" | awk '$1 == $2' | wc -l; }
# After a failing verdict the watcher looks for a repair (engine/repair/repair.h) before it starts them:
# they are counted once it has.
wait_standby() {
	for _ in $(seq 600); do
		[ "$(standbys)" -eq "$want" ] && ok "$want standby processes are ready after check $(count_checks "$out")" && return 0
		sleep 0.1
	done
	fail "no standby process after a check: $(ps -o pid,pgid,args --ppid "$pid")"
}

out="$TMP/out"
CLINGS_TRACE="$TMP/trace" start_watch "$course" "$out" --lang pt-BR
wait_checks "$out" 1
wait_standby
cat wrong/memory_4/one_load.cl > "$file"
wait_checks "$out" 2
sed -n '/verificação 2/,$p' "$out" | grep -q 'Resultado errado' && ok "a wrong kernel, through the standby: 'Resultado errado'" || fail "wrong kernel, through the standby: $(cat "$out")"
wait_standby
cat wrong/memory_4/missing_loop_barrier.cl > "$file"
wait_checks "$out" 3
sed -n '/verificação 3/,$p' "$out" | grep -q 'condição de corrida' && ok "a race, through the standby: 'condição de corrida'" || fail "race, through the standby: $(cat "$out")"
wait_standby
cat wrong/memory_4/overrun_scratch.cl > "$file"
wait_checks "$out" 4
sed -n '/verificação 4/,$p' "$out" | grep -q 'memory_4.cl:10: escrita fora dos limites' && ok "an overrun found by the analysis, through the standby, at its line" || fail "overrun, through the standby: $(cat "$out")"
wait_standby
cat solutions/memory_4.cl > "$file"
wait_checks "$out" 5
grep -q '^memory_4: PASS .*verificação 5' "$out" && ok "the solution, through the standby, passes" || fail "solution, through the standby: $(cat "$out")"
wait_standby
# Checks 2 to 5 took every child from the standbys (CLINGS_TRACE marks them).
children="learner"
[ "$parts" -ge 1 ] && children="$children analysis"
[ "$parts" -ge 2 ] && children="$children analysis_2"
for child in $children; do
	n=$(grep -c "trace: ${child/_/ } *armed.*(standby" "$TMP/trace")
	[ "$n" -eq 4 ] && ok "checks 2 to 5 ran the $child from its standby" ||
		fail "the $child came from a standby $n times, not 4: $(cat "$TMP/trace")"
done
# ... and says when each verdict was out (scripts/bench-watch times a save to it): one line a
# check, in order, at times that do not go back.
drawn=$(sed -n 's/^clings: trace: check \([0-9]*\) drawn at \([0-9]*\.[0-9]\{6\}\)$/\1 \2/p' "$TMP/trace")
[ "$(echo "$drawn" | awk '{ printf "%s ", $1 }')" = "1 2 3 4 5 " ] &&
	echo "$drawn" | awk 'NR > 1 && $2 < last { exit 1 } { last = $2 }' &&
	ok "the trace says when each of the 5 verdicts was out" ||
	fail "the verdicts' times in the trace: $(grep drawn "$TMP/trace")"
groups=$(ps -o pid=,pgid= --ppid "$pid" | awk '$1 == $2 { print $1 }' | tr '\n' ' ')
stop_watch
# (a member already dead and waiting for its reaper, state Z, is gone: it holds nothing)
procs() { ps -eo pid,ppid,pgid,stat,etime,args | awk -v g=" $groups" 'index(g, " " $3 " ") && $4 !~ /^Z/'; }
gone procs && ok "the standbys leave with the watcher" ||
	fail "the standbys' groups $groups outlived the watcher: $left"

# A device that does not open: each check says so, the first cold, the next through the standby.
out="$TMP/out2"
start_watch "$course" "$out" --device no-such-device
wait_checks "$out" 1
cat solutions/memory_4.cl > "$file"
wait_checks "$out" 2
[ "$(grep -c "no OpenCL device matches 'no-such-device'" "$out")" -ge 2 ] &&
	ok "a device that does not open: each check says so, cold and through the standby" ||
	fail "a missing device, twice: $(cat "$out")"
kill -0 "$pid" 2>/dev/null && ok "the watcher lives on without a device" || fail "the watcher died: $(cat "$out")"
stop_watch
exit 0
