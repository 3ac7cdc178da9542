# clings bench: a passing kernel gets figures for every work-group size of [bench], beside the
# reference and a copy kernel; a kernel that fails its check, or that is wrong only at the
# bench's size, gets no figures; Oclgrind is refused; a broken [bench] is a course error.
# (Whether the figures are fast enough is for `make bench`, not for a test.)
. tests/lib.sh
course=$(copy_course 2>/dev/null)
bench() { $CLINGS --course "$course" bench "$@"; }

out=$(bench memory_4 --file solutions/memory_4.cl --json) && ok "bench of memory_4's solution exits 0" ||
	fail "bench of the solution: $? $out"
q() { printf '%s\n' "$out" | jq -r "$1"; }
[ "$(q .status)" = ok ] && ok "the bench status of memory_4 is ok" || fail "status: $out"
[ "$(q .multipass)" = true ] && ok "memory_4 is benched as a multi-pass reduction" || fail "memory_4 is a multi-pass reduction: $out"
[ "$(q '[.rows[].work_group] | join(",")')" = "64,128,256" ] && ok "one row for each work-group size of [bench]" || fail "work-groups: $out"
[ "$(q '[.rows[] | select(.results == "same" and .problem == null and .kernel.loop.gbps > 0
	and .kernel.first_pass.seconds > 0 and .kernel.loop.seconds >= .kernel.first_pass.seconds
	and .reference.loop.gbps > 0 and .passes > 1)] | length')" = 3 ] &&
	ok "each row has the kernel's and the reference's figures" || fail "rows: $out"
[ "$(q '.copy.gbps > 0 and .bytes > 0 and .device_type == "cpu" and .runs > 2')" = true ] &&
	ok "the copy kernel, the size and the device are reported" ||
	fail "copy kernel, size or device: $out"
# CLINGS_BENCH_MB (tests/lib.sh: 8) caps the size clings chooses; a value that is no size is said
[ "$(q .bytes)" = $((CLINGS_BENCH_MB << 20)) ] && ok "the bench's size is CLINGS_BENCH_MB's ($CLINGS_BENCH_MB MB)" ||
	fail "size with CLINGS_BENCH_MB=$CLINGS_BENCH_MB: $(q .bytes)"
bad=$(CLINGS_BENCH_MB=lots bench memory_4 --file solutions/memory_4.cl 2>&1)
[ $? != 0 ] && printf '%s' "$bad" | grep -q 'CLINGS_BENCH_MB=lots: not a whole number of MB from 1 to 65536' &&
	ok "CLINGS_BENCH_MB=lots is refused, named" || fail "CLINGS_BENCH_MB=lots: $bad"
# the figures are the parent's: GB/s is the contract's bytes over the median time
[ "$(q '.rows[0] | ((.bytes / .kernel.loop.seconds / 1e9) - .kernel.loop.gbps) | fabs < 0.01')" = true ] &&
	ok "GB/s is the contract's bytes over the median time" ||
	fail "GB/s is not bytes / time: $out"

text=$(bench transpose_tiled --file solutions/transpose_tiled.cl) && ok "bench of transpose_tiled's solution exits 0" ||
	fail "bench transpose_tiled: $text"
printf '%s\n' "$text" | grep -q '^  16x16 ' && ok "the text has a 16x16 row" || fail "no 16x16 row: $text"
printf '%s\n' "$text" | grep -q 'do not predict a GPU' && ok "a CPU device is called one, whose times do not predict a GPU" ||
	fail "a CPU device is not called one: $text"
# beside the times, what predicts a GPU from here: the analysis's figures of the same kernel
at=$(grep -n '= a\[' solutions/transpose_tiled.cl | cut -d: -f1)   # the load of a
printf '%s\n' "$text" | grep -q "line $at, load of a: 3.3 sectors (ideal 3.3)" &&
	ok "the analysis's memory-access figures are beside the times" ||
	fail "no memory-access figures beside the times: $text"

# In the tutorial, B benches the exercise once it passes (here without a terminal: the table is
# printed).
. tests/lib-watch.sh
cp solutions/transpose_tiled.cl "$course/exercises/transpose_tiled.cl"
printf '[clings]\nversion = 1\ncurrent = transpose_tiled\n' > "$(state_file "$course")"
start_watch "$course" "$TMP/watch"
wait_lines "$TMP/watch" '^transpose_tiled: PASS'
echo B >&3
wait_lines "$TMP/watch" '^ *16x16 '
# before it runs, B says what it takes; the second time, as long as the first took
echo B >&3
wait_lines "$TMP/watch" '^ *16x16 ' 2
stop_watch "B"
grep -q 'Bench of transpose_tiled' "$TMP/watch" && ok "B in the tutorial benches the exercise that passes" || fail "no bench title: $(cat "$TMP/watch")"
sed -n '1,/Bench of transpose_tiled/p' "$TMP/watch" | grep -q "^Benching transpose_tiled: .*tens of seconds on a CPU. A CPU's figures do not predict a GPU's" &&
	ok "before a first bench, B says it takes tens of seconds on a CPU, whose figures do not predict a GPU's" ||
	fail "no note before the first bench: $(cat "$TMP/watch")"
grep -Eq "^Benching transpose_tiled: about [0-9]+ s, as last time. This device is a CPU: its figures do not predict a GPU's" "$TMP/watch" &&
	ok "before the next, B says how long the last one took, on a CPU" || fail "no time before the second bench: $(cat "$TMP/watch")"

# Only a kernel that passes is timed.
out=$(bench memory_4 --json 2>&1)
[ $? = 1 ] && ok "bench of the stub exits 1" || fail "the stub was benched: $out"
[ "$(printf '%s\n' "$out" | jq -r .status)" = fail ] && ok "the stub's bench status is fail" || fail "stub: $out"
printf '%s\n' "$out" | jq -r .message | grep -q 'does not pass' && ok "the message says the stub does not pass" || fail "stub message: $out"
[ "$(printf '%s\n' "$out" | jq -r .facts.verdict)" = wrong_result ] &&
	ok "the message's facts name the stub's verdict" || fail "stub message facts: $out"

# Right at the check's sizes (1000003 at most), wrong at the bench's (2 Mi ints at 8 MB): no
# figures for it.
sed 's/out\[i\] = factor \* in\[i\];/out[i] = len > 1500000 \&\& i == 7 ? 0 : factor * in[i];/' \
	solutions/scale.cl > "$TMP/scale.cl"
! cmp -s solutions/scale.cl "$TMP/scale.cl" && ok "a kernel wrong only at the bench's size is made" || fail "the wrong kernel was not made"
out=$(bench scale --file "$TMP/scale.cl" --json) && ok "bench of a kernel right at the check's sizes exits 0" || fail "bench of a kernel that passes: $out"
[ "$(printf '%s\n' "$out" | jq -r '[.rows[] | select(.kernel == null and
	(.problem | test("differ")))] | length')" = 3 ] &&
	ok "a kernel wrong at the bench's size gets no figures, and the rows say its results differ" ||
	fail "wrong at the bench's size: $out"
[ "$(printf '%s\n' "$out" | jq -r '[.rows[] | select(.problem_facts.work_group == .work_group and
	.problem_facts.bytes == .bytes)] | length')" = 3 ] &&
	ok "each row's problem names its work-group and bytes as facts" || fail "problem facts: $out"

# Oclgrind interprets kernels: its times mean nothing.
if [ -r /usr/lib/oclgrind/liboclgrind-rt-icd.so ]; then
	out=$(OCL_ICD_VENDORS=/usr/lib/oclgrind/liboclgrind-rt-icd.so bench scale \
		--file solutions/scale.cl --device Oclgrind 2>&1)
	[ $? = 2 ] && ok "bench on Oclgrind exits 2" || fail "bench on Oclgrind: $out"
	printf '%s\n' "$out" | grep -q 'analysis device' && ok "Oclgrind is refused as the analysis device" || fail "Oclgrind refusal: $out"
fi

# A broken [bench] is the course's error, at its section's line.
sed -i '/^\[bench\]/,$ s|^len = .*|len = bytes / nothing|' "$course/checks/scale.ini"
grep -q 'bytes / nothing' "$course/checks/scale.ini" && ok "a broken [bench] is made" || fail "the broken [bench] was not made"
line=$(grep -n '^\[bench\]' "$course/checks/scale.ini" | cut -d: -f1)
out=$($CLINGS --course "$course" validate --quick 2>&1)
printf '%s\n' "$out" | grep -q "scale.ini:$line: \[bench\]" && ok "validate refuses a broken [bench] at its line" || fail "broken [bench]: $out"
exit 0
