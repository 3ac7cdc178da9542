# Time limits count the processor time a run gets, not the clock (base/proc.c, check-run.c): a
# kernel that never ends, beside two busy loops that want the machine's processors, gets the
# timeout verdict naming the check's time_limit_ms as processor time; a right kernel still passes
# there; and a run the machine does not let run (stopped from outside, here by CLINGS_TEST_KILL's
# "stop" after its "ready" line) is clings' own error at the clock's bound, never the learner's
# hang, and no process is left behind. How long a hang takes to its verdict is make bench's
# (scripts/bench-hang), not this test's.
. tests/lib.sh
busy=()
stop_busy() {
	local p
	for p in "${busy[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	busy=()
}
trap 'stop_busy; rm -rf "$TMP"' EXIT
# memory_4 with a limit of 1 s, not its 4: the busy loops burn the machine's processors for as
# long as the hang takes to use its limit
hc=$(copy_course) && mv "$hc" "$TMP/hang-course" && hc=$TMP/hang-course
sed -i 's/^time_limit_ms *=.*/time_limit_ms = 1000/' "$hc/checks/memory_4.ini"
yes >/dev/null &
busy+=($!)
yes >/dev/null &
busy+=($!)

kernel="$TMP/never-ends-$$.cl"
cp wrong/memory_4/endless_loop.cl "$kernel"
limit_ms=$(sed -n 's/^time_limit_ms *= *\([0-9]*\).*/\1/p' "$hc/checks/memory_4.ini")
[ "$limit_ms" = 1000 ] || fail "memory_4's limit was not lowered: $limit_ms"
out=$($CLINGS --course "$hc" check memory_4 --file "$kernel" --no-cache --json); rc=$?
[ $rc -eq 1 ] && ok "beside two busy loops, a kernel that never ends fails (exit 1)" || fail "exit $rc: $out"
[ "$(printf '%s' "$out" | jq -r .verdict)" = timeout ] && ok "its verdict is timeout" || fail "verdict: $out"
[ "$(printf '%s' "$out" | jq -r '.facts.limit_of')" = processor ] &&
	[ "$(printf '%s' "$out" | jq -r '.facts.limit_ms')" = "$limit_ms" ] &&
	ok "the limit it ran out of is the check's $limit_ms ms of processor time" ||
	fail "limit facts: $(printf '%s' "$out" | jq -c .facts)"
printf '%s' "$out" | jq -r .message | grep -q "did not finish within $((limit_ms / 1000)).0 s of processor time" &&
	ok "the message states the processor-time limit" || fail "message: $(printf '%s' "$out" | jq -r .message)"
out=$($CLINGS check memory_4 --file solutions/memory_4.cl --no-cache --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = pass ] && ok "beside them, the solution still passes" ||
	fail "the solution under load: $out"
stop_busy
procs() { ps -eo pid,stat,args | grep -F "$kernel" | grep -v grep; }
gone procs && ok "no process of the hang is left behind" || fail "processes left behind: $left"

# A run stopped from outside after "ready" gets no processor time: the clock's bound (ten times
# a limit of 300 ms here) ends it, and the error is clings'.
cp -r tests/fixtures/course "$TMP/course"
sed -i 's/^analysis = off/analysis = off\ntime_limit_ms = 300/' "$TMP/course/checks/copy.ini"
stopped="$TMP/stopped-$$.cl"
cat > "$stopped" <<'CL'
__kernel void copy(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	for (uint s = 1; s < 2; s *= 1)
		barrier(CLK_GLOBAL_MEM_FENCE);
	if (i < len)
		out[i] = in[i];
}
CL
out=$(CLINGS_TEST_KILL=learner:ready:stop "$CLINGS" --course "$TMP/course" check copy --file "$stopped" \
	--no-cache --json 2>/dev/null)
[ "$(printf '%s' "$out" | jq -r '"\(.status) \(.verdict)"')" = "error error" ] &&
	ok "a run stopped from outside is clings' error, not a timeout" || fail "stopped run: $out"
printf '%s' "$out" | jq -r .message | grep -q "nothing your kernel did" &&
	ok "its message clears the kernel" || fail "message: $(printf '%s' "$out" | jq -r .message)"
procs() { ps -eo pid,stat,args | grep -F "$stopped" | grep -v grep; }
gone procs && ok "the stopped run is not left behind" || fail "processes left behind: $left"
