# After the learner's run times out, nothing that cannot change the verdict keeps it waiting
# (engine/check/check-run.c, check-stages.c): the analysis still running shares the learner's one
# limit (here 0.5 s of processor time, not the check's analysis_time_limit_ms of 20 s), the
# kernel's facts are not read by libclang (a timeout's diagnosis is the verdict's alone), and the
# compiler's proof does not run; CLINGS_TRACE says what ran. A wrong result, for contrast, does
# read the facts and run the proof. How long a hang takes is make bench's (scripts/bench-hang).
. tests/lib.sh
cp -r tests/fixtures/course "$TMP/course"
sed -i 's/^analysis = off/analysis = on\ntime_limit_ms = 500\nanalysis_time_limit_ms = 20000/' \
	"$TMP/course/checks/copy.ini"
printf 'analyze = yes\n' >> "$TMP/course/checks/copy.ini"   # its one [test], on Oclgrind too
cat > "$TMP/hang.cl" <<'CL'
__kernel void copy(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	for (uint s = 1; s < len + 1; s *= 1)
		barrier(CLK_GLOBAL_MEM_FENCE);
	if (i < len)
		out[i] = in[i];
}
CL
out=$(CLINGS_TRACE=1 "$CLINGS" --course "$TMP/course" check copy --file "$TMP/hang.cl" --no-cache --json \
	2>"$TMP/trace")
[ "$(printf '%s' "$out" | jq -r .verdict)" = timeout ] && ok "the kernel that never ends times out" ||
	fail "verdict: $out $(cat "$TMP/trace")"
grep -q '^clings: trace: learner .* limit 0\.500 s' "$TMP/trace" && ok "the learner's run had 0.5 s" ||
	fail "the learner's limit: $(grep 'trace: learner' "$TMP/trace")"
n=$(grep -c '^clings: trace: analysis' "$TMP/trace")
[ "$n" -ge 1 ] && [ "$(grep -c '^clings: trace: analysis.* limit 0\.500 s' "$TMP/trace")" = "$n" ] &&
	ok "every part of the analysis shared that limit once the run had timed out" ||
	fail "the analysis's limits: $(grep 'trace: analysis' "$TMP/trace")"
grep -q '^clings: trace: facts' "$TMP/trace" && fail "libclang read a hang's facts: $(cat "$TMP/trace")" ||
	ok "no libclang child for a timeout"
grep -q '^clings: trace: compiler' "$TMP/trace" && fail "the compiler's proof ran: $(cat "$TMP/trace")" ||
	ok "no compiler's proof for a timeout"

# The contrast: a wrong result (every element one more) has its facts read and its proof run
# (with an atomic that never runs: without one, Oclgrind's run computing the device's very
# results would settle it before any run again).
sed 's/out\[i\] = in\[i\];/out[i] = in[i] + 1;\n\tif (len == 0) atomic_add(\&out[0], 0);/; /for (uint s/,/barrier/d' \
	"$TMP/hang.cl" > "$TMP/wrong.cl"
out=$(CLINGS_TRACE=1 "$CLINGS" --course "$TMP/course" check copy --file "$TMP/wrong.cl" --no-cache --json \
	2>"$TMP/trace")
[ "$(printf '%s' "$out" | jq -r .verdict)" = wrong_result ] && ok "the kernel off by one is a wrong result" ||
	fail "verdict: $out"
grep -q '^clings: trace: facts      read by libclang' "$TMP/trace" && ok "its facts are read (traced)" ||
	fail "no facts line: $(cat "$TMP/trace")"
grep -q '^clings: trace: compiler  2 runs of the unoptimised build' "$TMP/trace" &&
	ok "its compiler's proof runs (traced)" || fail "no compiler line: $(cat "$TMP/trace")"
