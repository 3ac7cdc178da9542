# A check shows what it knows in stages: when the kernel's run and the reference's have ended and
# the analysis on Oclgrind goes on, the watcher says whether the results match on every test (the
# judge's pass), or only that the kernel ran; the verdict comes after the analysis has spoken.
. tests/lib.sh
. tests/lib-tmux.sh
[ -r /usr/lib/oclgrind/liboclgrind-rt-icd.so ] || skip_all "Oclgrind is not installed"
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
file="$course/exercises/copy.cl"
# The analysis on: its test long on Oclgrind, which interprets each step of the loop, and short
# on the device.
sed -i "s/^analysis = off/analysis = on\nanalysis_time_limit_ms = 60000/" "$course/checks/copy.ini"
printf '\n[test analysed]\nlen = 100\nwg = 4\nanalyze = yes\n' >> "$course/checks/copy.ini"
slow() {   # slow PLUS: the copy, after a loop Oclgrind takes seconds over; out = in + PLUS
	cat <<CL
__kernel void copy(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	int acc = 0;
	for (int k = 0; k < 6000; k++)
		acc += k & 1;
	if (i < len)
		out[i] = in[i] + $1 + (acc == 7);
}
CL
}
# standbys: until the watcher's next check has its processes waiting (each leads a process
# group of its own: the execution child and the analysis's), as after a learner's pause.
standbys() {
	for _ in $(seq 600); do
		[ "$(ps -o pid=,pgid= --ppid "$(tui_pid)" | awk '$1 == $2' | wc -l)" -ge 2 ] && return 0
		sleep 0.1
	done
	fail "no standby processes: $(ps -o pid,pgid,args --ppid "$(tui_pid)")"
}
# said N: what check N said while it ran, in order (CLINGS_TRACE), then "drawn" for its verdict.
said() { sed -n "s/^clings: trace: check $1 says //p; s/^clings: trace: check $1 \(drawn\) at .*/\1/p" "$CLINGS_TRACE"; }
tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60
standbys

slow 0 > "$file"
wait_for 'check 2 at' 120
screen | grep -q 'Passed' && ok "the kernel whose results match passes, once the analysis has spoken" ||
	fail "no pass: $(screen)"
said 2 | grep -B99 '^drawn$' | grep -q "results match on every test" &&
	ok "results that match: said while the analysis ran, before the verdict" ||
	fail "check 2 said: $(said 2)"

standbys
slow 1 > "$file"
wait_for 'check 3 at' 120
screen | grep -q 'Wrong result' && ok "the kernel whose results differ: a wrong result" ||
	fail "no wrong result: $(screen)"
said 3 | grep -B99 '^drawn$' | grep -q 'ran its tests' &&
	ok "results that differ: only that the kernel ran its tests, before the verdict" ||
	fail "check 3 said: $(said 3)"
said 3 | grep -q 'results match' && fail "results that differ said to match: $(said 3)" ||
	ok "results that differ are never said to match"
keys q
exit 0
