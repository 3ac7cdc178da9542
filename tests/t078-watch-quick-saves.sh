# Two quick saves in tmux: a save made while the check of the one before runs stops that check,
# and the newest save's verdict is the one shown; the first's verdict never appears after it (nor
# at all: the check counter counts only checks that ended with a verdict).
. tests/lib.sh
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
file="$course/exercises/copy.cl"
# A kernel whose check takes seconds (a long loop in every work-item) and then fails.
cat > "$TMP/slow.cl" <<'CL'
__kernel void copy(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	volatile int acc = 0;
	for (int k = 0; k < 400000000; k++)
		acc += k;
	if (i < len)
		out[i] = in[i] + 1 + (acc == 7);
}
CL

tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60
first=$(check_number)
cat "$TMP/slow.cl" > "$file"
# the slow kernel's check is under way: a save stops it in its build or its run alike
wait_for 'Checking copy' 10
cat "$course/solutions/copy.cl" > "$file"
wait_for 'Passed' 120
[ "$(check_number)" -eq $((first + 1)) ] &&
	ok "a save during a check stops it: the newest save's verdict is the next one shown" ||
	fail "check $(check_number) after check $first: the first save's check ended with a verdict"
idle_after .sync-1
screen | grep -q 'Passed' && [ "$(check_number)" -eq $((first + 1)) ] &&
	ok "and no verdict of the first save comes after it" || fail "after the pass: $(screen)"

# Without a second save, the slow kernel's check ends with its own verdict (the stop above was
# the save's doing).
cat "$TMP/slow.cl" > "$file"
wait_for 'check [0-9]+ at' 5
wait_for '✗' 180
[ "$(check_number)" -eq $((first + 2)) ] && ok "one save of the slow kernel gets its verdict" ||
	fail "slow kernel alone: $(screen)"
keys q
wait_for 'CLINGS-EXIT=0'
exit 0
