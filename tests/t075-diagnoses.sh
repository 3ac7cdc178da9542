# Every failing verdict names the learner's mistake (docs/diagnoses.md): in check --json, most
# likely first, certain only when the verdict or the analysis proves it. A learner's kernel that
# is not one of the course's wrong kernels is diagnosed from the analysis's facts and its code, or
# asked about from the course's wrong kernels its output is like; the exercise's advice keyed by a
# proved diagnosis is the only one it gets; a pass has none; the verdict cache keeps them.
. tests/lib.sh
course=$(copy_course)
cp -r wrong "$course/"   # the library of mistakes output matching proves with
json() { $CLINGS --course "$course" check "$@" --json --no-cache; }
first() { jq -r '.diagnoses[0] | "\(.id) \(.certain)"'; }
kind() { jq -r '.diagnoses[0].evidence_kind'; }

# get_local_id where the global id belongs, written in the learner's own words: no wrong kernel
# has this text, but its output is wrong/scale/local_id.cl's byte for byte: a likeness, asked
cat > "$TMP/scale.cl" <<'CL'
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t k = get_local_id(0);   /* my index */
	if (k < len) {
		float v = in[k];
		out[k] = v * factor;
	}
}
CL
out=$(json scale --file "$TMP/scale.cl")
[ "$(printf '%s' "$out" | first)" = "local_id_as_global_index false" ] &&
	[ "$(printf '%s' "$out" | kind)" = resemblance ] &&
	ok "a local id for a global one is asked from the output of wrong/scale/local_id.cl, not proved" ||
	fail "local id: $(printf '%s' "$out" | jq -c .diagnoses)"
printf '%s' "$out" | jq -r '.diagnoses[0].evidence' | grep -q '^output matches wrong/scale/local_id.cl$' &&
	ok "its evidence names the wrong kernel whose output it matches" ||
	fail "evidence: $(printf '%s' "$out" | jq -c .diagnoses)"

# a global id indexing a __local block: named so, never "off by one"
cat > "$TMP/reverse.cl" <<'CL'
#define BLOCK 64
__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	__local int block[BLOCK];
	size_t g = get_global_id(0);
	size_t lid = get_local_id(0);
	block[g] = in[g];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[g] = block[BLOCK - 1 - lid];
}
CL
out=$(json local_reverse --file "$TMP/reverse.cl")
[ "$(printf '%s' "$out" | jq -r .verdict)" = out_of_bounds ] &&
	[ "$(printf '%s' "$out" | first)" = "global_id_as_local_index true" ] && [ "$(printf '%s' "$out" | kind)" = analysis ] &&
	ok "block[get_global_id] is diagnosed global_id_as_local_index, proved by the analysis" ||
	fail "block[gid]: $(printf '%s' "$out" | jq -c '{verdict, diagnoses}')"
printf '%s' "$out" | jq -r '.diagnoses[].id' | grep -q guard_off_by_one &&
	fail "block[gid] is also called off by one" || ok "block[gid] is not called off by one"

# histogram's plain increment: an atomic, and the exercise's one advice on it
out=$(json histogram --file wrong/histogram/plain_increment.cl)
[ "$(printf '%s' "$out" | first)" = "race_needs_atomic true" ] && [ "$(printf '%s' "$out" | kind)" = analysis ] &&
	ok "a plain increment of a shared counter needs an atomic: the analysis saw the read-modify-write" ||
	fail "histogram: $(printf '%s' "$out" | jq -c .diagnoses)"
[ "$(printf '%s' "$out" | jq -r .message | grep -c 'atomic_inc(&local_counts\[v\])')" = 1 ] &&
	ok "the exercise's advice on race_needs_atomic is said once" || fail "advice: $(printf '%s' "$out" | jq -r .message)"
# a race of a plain store with an atomic in one work-group: a barrier asked first, no advice that
# says to use an atomic
out=$(json histogram --file wrong/histogram/no_clear_barrier.cl)
[ "$(printf '%s' "$out" | first)" = "barrier_missing false" ] && ok "a missing barrier after the clearing is asked first" ||
	fail "no_clear_barrier: $(printf '%s' "$out" | jq -c .diagnoses)"
printf '%s' "$out" | jq -r .message | grep -q 'Count with atomic_inc' &&
	fail "the atomic advice is given for a missing barrier" || ok "the atomic advice is not given for a missing barrier"

# every failing verdict has diagnoses; a question is worded as one (certain false); a pass none
for k in memory_4/build_error memory_4/wrong_name memory_4/barrier_in_branch memory_4/no_zero_init \
	 scale/no_guard reduce_max/zero_identity reduce_sequential/paired_loads; do
	out=$(json "${k%%/*}" --file "wrong/$k.cl")
	[ "$(printf '%s' "$out" | jq '.diagnoses | length')" -gt 0 ] &&
		ok "$k ($(printf '%s' "$out" | jq -r .verdict)) has diagnoses" || fail "$k: none: $out"
done
out=$(json memory_4 --file wrong/memory_4/endless_loop.cl --no-analysis)
[ "$(printf '%s' "$out" | first)" = "hang false" ] && ok "a timeout asks about a hang (a slow kernel times out too)" ||
	fail "timeout: $(printf '%s' "$out" | jq -c .diagnoses)"
[ "$(json scale --file solutions/scale.cl | jq -c .diagnoses)" = "[]" ] && ok "a pass has no diagnosis" || fail "a pass has one"

# the verdict cache keeps them
a=$($CLINGS --course "$course" check local_reverse --file "$TMP/reverse.cl" --json | jq -c .diagnoses)
b=$($CLINGS --course "$course" check local_reverse --file "$TMP/reverse.cl" --json)
[ "$(printf '%s' "$b" | jq -r .cached)" = true ] && [ "$(printf '%s' "$b" | jq -c .diagnoses)" = "$a" ] &&
	ok "a cached verdict has the same diagnoses" || fail "cache: $a vs $(printf '%s' "$b" | jq -c '{cached, diagnoses}')"
exit 0
