# Between checks the watcher keeps the next check's process ready (runner/standby.c): a child in
# a process group of its own, which checks the next save with the same verdicts a cold process
# gives, in the learner's language, and leaves with the watcher. With a device that does not
# open, every save is still answered with the device's error, and the watcher lives on.
. tests/lib.sh
. tests/lib-watch.sh
course=$(copy_course 2>/dev/null)
file="$course/exercises/memory_4.cl"
printf '[clings]\nversion = 1\ncurrent = memory_4\n' > "$(state_file "$course")"

# The watcher's children that lead a process group of their own: the standby, between checks.
standbys() { ps -o pid=,pgid= --ppid "$pid" | awk '$1 == $2' | wc -l; }
wait_standby() {
	for _ in $(seq 50); do
		[ "$(standbys)" -eq 1 ] && ok "a standby process is ready after check $(count_checks "$out")" && return 0
		sleep 0.1
	done
	fail "no standby process after a check: $(ps -o pid,pgid,args --ppid "$pid")"
}

out="$TMP/out"
start_watch "$course" "$out" --lang pt-BR
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
cat solutions/memory_4.cl > "$file"
wait_checks "$out" 4
grep -q '^memory_4: PASS .*verificação 4' "$out" && ok "the solution, through the standby, passes" || fail "solution, through the standby: $(cat "$out")"
wait_standby
group=$(ps -o pid=,pgid= --ppid "$pid" | awk '$1 == $2 { print $1 }')
stop_watch
# (a member already dead and waiting for its reaper, state Z, is gone: it holds nothing)
procs() { ps -eo pid,ppid,pgid,stat,etime,args | awk -v g="$group" '$3 == g && $4 !~ /^Z/'; }
gone procs && ok "the standby leaves with the watcher" ||
	fail "the standby's group $group outlived the watcher: $left"

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
