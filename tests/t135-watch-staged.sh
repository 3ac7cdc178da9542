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
tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60
sleep 3   # as a learner edits: the standbys (standby.c) are ready for the save

slow 0 > "$file"
wait_for 'results match on every test' 60
screen | grep -q 'Passed' && fail "a pass on screen beside the stage: $(screen)" ||
	ok "results that match: said while the analysis runs, before any verdict"
wait_for 'check 2 at' 120
screen | grep -q 'Passed' && ok "then the verdict, once the analysis has spoken" || fail "no pass: $(screen)"

sleep 3
slow 1 > "$file"
wait_for 'ran its tests' 60
screen | grep -q 'results match' && fail "results that differ said to match: $(screen)" ||
	ok "results that differ: only that the kernel ran its tests"
wait_for 'check 3 at' 120
screen | grep -q 'Wrong result' && ok "then the wrong result" || fail "no wrong result: $(screen)"
keys q
exit 0
