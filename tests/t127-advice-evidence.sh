# What a wrong result's message says of its cause is what the output proves, checked on every
# element, and the diagnosis proved by it is named; a guess is never stated as a cause: missing
# histogram bins are not "shifted by one place", one value everywhere is not "all the work-items
# write one place". Adding into an output nobody cleared is output_not_cleared, never "got
# nothing (never written)"; a stub that stores nothing is told so. The text output names the
# proved mistake too, in both languages.
. tests/lib.sh
json() { $CLINGS check "$@" --json --no-cache; }
msg() { printf '%s' "$1" | jq -r .message; }
first() { printf '%s' "$1" | jq -r '.diagnoses[0] | "\(.id) \(.certain)"'; }
same_place='write one place\|escrevem num só lugar'

# one bin per work-item, run without the analysis: the bins past the group stay 0; no shift
out=$(json histogram --file wrong/histogram/one_bin_each.cl --no-analysis)
msg "$out" | grep -q 'shifted by one place' && fail "missing bins called a shift: $(msg "$out")" ||
	ok "missing histogram bins are not called a shift"
printf '%s' "$out" | jq -r '.diagnoses[].id' | grep -q index_offset &&
	fail "missing bins diagnosed index_offset" || ok "missing bins are not diagnosed index_offset"
[ "$(first "$out")" = "output_not_cleared false" ] && ok "one_bin_each: its declared diagnosis asked first (its code is the wrong kernel's: a likeness)" ||
	fail "one_bin_each: $(printf '%s' "$out" | jq -c .diagnoses)"
# a true shift is still said: scale reading in[i + 1]
msg "$(json scale --file wrong/scale/reads_next.cl)" | grep -q 'shifted by one place: out\[i\] holds what belongs in out\[i + 1\]' &&
	ok "an output moved by one place on every element is called a shift" || fail "reads_next: no shift"

# the merge adds 1 per bin instead of the group's count: every bin holds the number of groups
cat > "$TMP/merge.cl" <<'CL'
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		atomic_inc(&local_counts[data[i]]);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < bins; b += wg)
		if (local_counts[b])
			atomic_inc(&counts[b]);
}
CL
out=$(json histogram --file "$TMP/merge.cl")
msg "$out" | grep -q 'Every element of counts holds the same value, 2\.' && ok "one value everywhere is said as the fact it is" ||
	fail "merge: $(msg "$out")"
msg "$out" | grep -q "$same_place" && fail "merge adding 1: a false cause: $(msg "$out")" ||
	ok "a merge adding 1 per bin is not told that all work-items write one place"
# a swap without a temporary in scan_blelloch's down-sweep: asked from the course's wrong kernel
sed -e '/^\/\//d' -e 's/tmp\[left\] = tmp\[right\];/tmp[left] = tmp[right]; \/\/ no temporary/' \
	wrong/scan_blelloch/swap_no_temp.cl > "$TMP/swap.cl"
out=$(json scan_blelloch --file "$TMP/swap.cl")
msg "$out" | grep -q "$same_place" && fail "swap: a false cause: $(msg "$out")" ||
	ok "a swap that loses a value is not told that all work-items write one place"
msg "$out" | grep -q 'holds the same value, 0, the one that belongs in out\[0\]' &&
	ok "the one value is named with the element it belongs to" || fail "swap: $(msg "$out")"
[ "$(first "$out")" = "swap_loses_value false" ] && ok "the swap is asked swap_loses_value from its output, not proved" ||
	fail "swap: $(printf '%s' "$out" | jq -c .diagnoses)"

# stubs store nothing: told so, and diagnosed nothing_stored
for e in histogram compact scale; do   # the stubs as shipped, not a learner's work on them
	tests/pristine-stub "exercises/$e.cl" > "$TMP/$e.stub.cl"
	out=$(json $e --file "$TMP/$e.stub.cl")
	[ "$(first "$out")" = "nothing_stored true" ] && ok "the $e stub: nothing_stored, proved" ||
		fail "$e stub: $(printf '%s' "$out" | jq -c .diagnoses)"
	msg "$out" | grep -q "$same_place" && fail "$e stub: a false cause: $(msg "$out")" ||
		ok "the $e stub is not told that all work-items write one place"
done
msg "$(json histogram --file "$TMP/histogram.stub.cl")" | grep -q 'Every element of counts still holds 0, the value it was given before the run' &&
	ok "a cleared output left as it was is said so" || fail "histogram stub: no word on its unchanged output"

# c[i] += ... into an output nobody cleared: ints and floats, values that change its bytes and
# values too small to (a float of 4.3e8 moves in steps of 32)
cat > "$TMP/acc.cl" <<'CL'
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i < len)
		out[i] += factor * in[i];
}
CL
sed 's/C\[row \* N + col\] = acc/C[row * N + col] += acc/' solutions/matmul_tiled.cl > "$TMP/matmul.cl"
grep -q 'C\[row \* N + col\] += acc' "$TMP/matmul.cl" || fail "matmul: the solution's store was not found"
sed 's/out\[get_group_id(0)\] = scratch\[0\]/out[get_group_id(0)] += scratch[0]/' solutions/memory_4.cl > "$TMP/m4.cl"
grep -q 'out\[get_group_id(0)\] += scratch\[0\]' "$TMP/m4.cl" || fail "memory_4: the solution's store was not found"
# proved where the comparison saw every wrong element be its value added onto the old bytes;
# asked where only the old bytes and the code's `+=` say so (matmul's values too small to move C's)
for k in scale:acc:true matmul_tiled:matmul:false memory_4:m4:true; do
	IFS=: read -r ex f proved <<< "$k"
	out=$(json "$ex" --file "$TMP/$f.cl")
	[ "$(first "$out")" = "output_not_cleared $proved" ] && ok "$f: += into an uncleared output is output_not_cleared ($proved)" ||
		fail "$f: $(printf '%s' "$out" | jq -c '{verdict, diagnoses}')"
	msg "$out" | grep -q 'got nothing (never written)' && fail "$f: 'never written': $(msg "$out")" ||
		ok "$f: not told 'never written'"
done
msg "$(json scale --file "$TMP/acc.cl")" | grep -q 'is its right value added onto' &&
	ok "values added onto the bytes from before the run are said so" || fail "acc: no word on the adding"

# the text output names the proved mistake, and asks when nothing is proved; in Portuguese too
text=$($CLINGS check scale --file "$TMP/acc.cl" 2>&1)
printf '%s' "$text" | grep -q '^The mistake, proved: An output or an accumulator is not set before it is added to\.$' &&
	ok "the text output states the proved mistake" || fail "text: $text"
printf '%s' "$text" | grep -q '^Could it be this' && fail "a question beside a proof: $text" || ok "no question beside a proof"
text=$($CLINGS --lang pt-BR check scale --file "$TMP/acc.cl" 2>&1)
printf '%s' "$text" | grep -q '^O erro, comprovado: ' && ok "pt-BR: the proved mistake" || fail "pt-BR text: $text"
text=$($CLINGS check memory_4 --file wrong/memory_4/overrun_scratch.cl 2>&1)
printf '%s' "$text" | grep -q '^Could it be this: An index is shifted from the element it should name?$' &&
	ok "an unproved diagnosis is asked" || fail "question: $text"
printf '%s' "$text" | grep -q '^The mistake, proved' && fail "a question stated as proved: $text" || ok "nothing unproved is stated"

# "each one reads back only what it stored itself" is said of neither a kernel that stores
# nothing itself (async_work_group_copy: right) nor one that uses no local memory
[ "$(json local_reverse --file wrong/local_reverse/ok_async_copy.cl | jq -r .verdict)" = pass ] &&
	ok "a block filled by async_work_group_copy passes local_reverse" || fail "async copy refused"
msg "$(json local_reverse --file wrong/local_reverse/global_only.cl)" | grep -q 'reads back only what it stored itself' &&
	fail "a kernel without local memory told it reads back its own" || ok "no local memory: not told it reads back its own"

# Mistakes that only a likeness or the code's text points at are asked first, never proved, and
# bring no exercise advice of another mistake: matmul's acc reset in every round (not the zero
# padding), a private acc never given a value (not the tiles' slots), B read with A's row length
# (not a guard); a stencil's neighbour above read one cell off. Each in the learner's own words.
sed -e '/^\/\//d' -e 's/\t\tacc = 0.0f;/\t\tacc = 0.0f;   \/\/ a fresh sum/' wrong/matmul_tiled/acc_reset.cl > "$TMP/reset.cl"
sed 's/\tfloat acc = 0.0f;/\tfloat acc;/' solutions/matmul_tiled.cl > "$TMP/noinit.cl"
sed 's/B\[b_row \* N + col\]/B[b_row * K + col]/' solutions/matmul_tiled.cl > "$TMP/bstride.cl"
sed 's/- tile\[c - TW\] - tile\[c + TW\]/- tile[c - TW - 1] - tile[c + TW]/' solutions/stencil_2d.cl > "$TMP/updown.cl"
grep -q 'float acc;' "$TMP/noinit.cl" && grep -q 'B\[b_row \* K + col\]' "$TMP/bstride.cl" &&
	grep -q 'tile\[c - TW - 1\]' "$TMP/updown.cl" && grep -q 'a fresh sum' "$TMP/reset.cl" ||
	fail "an edit of a solution did not apply"
for k in reset:matmul_tiled:accumulator_reset noinit:matmul_tiled:private_uninitialised \
	 bstride:matmul_tiled:stride_wrong updown:stencil_2d:index_offset; do
	IFS=: read -r f ex id <<< "$k"
	for lang in en pt-BR; do
		out=$($CLINGS --lang $lang check $ex --file "$TMP/$f.cl" --json --no-cache)
		[ "$(first "$out")" = "$id false" ] && ok "$f ($lang): $id, asked" ||
			fail "$f ($lang): $(printf '%s' "$out" | jq -c '{verdict, diagnoses}')"
		msg "$out" | grep -q 'must hold 0\|precisam valer 0\|must hold 0 as well\|também precisam valer 0\|Each load needs its own guard\|Cada carga precisa da sua própria guarda' &&
			fail "$f ($lang): advice of another mistake: $(msg "$out")" || ok "$f ($lang): no advice of another mistake"
	done
done
# the stencil's advice on index_offset (its neighbours' offsets) answers a question nothing
# proved here: said as that answer, in both languages
msg "$(json stencil_2d --file "$TMP/updown.cl")" | grep -q 'If the mistake is this one (An index is shifted from the element it should name): .*tile\[c - TW\] above' &&
	ok "the stencil's advice names the neighbours' offsets, as the answer to the question asked" ||
	fail "updown: no neighbours named as an answer: $(msg "$(json stencil_2d --file "$TMP/updown.cl")")"
out=$($CLINGS --lang pt-BR check stencil_2d --file "$TMP/updown.cl" --json --no-cache)
msg "$out" | grep -q '^Se o erro for este (Um índice está deslocado do elemento que deveria indicar): ' &&
	ok "and in Portuguese" || fail "updown pt-BR: $(msg "$out")"

# every check gives exercise advice; a wrong result of reduce_max is no longer bare numbers
for ini in checks/*.ini; do
	grep -q '^\[advice\]' "$ini" || fail "$ini has no [advice]"
done
ok "each of the $(ls checks/*.ini | wc -l) checks has exercise advice"
msg "$(json reduce_max --file wrong/reduce_max/zero_identity.cl)" | tail -1 | grep -q -- '-INFINITY' &&
	ok "reduce_max's wrong identity is told the right one" || fail "reduce_max: no advice"

# what is known, not more: a segmentation fault is no refused system call; a divergent barrier is
# undefined (what the H100 did), never "a GPU does not forgive" or "waits forever"
out=$(json memory_4 --file wrong/memory_4/wild_write.cl --no-analysis)
msg "$out" | grep -q 'system call' && fail "a fault told as a system call: $(msg "$out")" ||
	ok "a segmentation fault is not told as a refused system call"
msg "$out" | grep -q 'signal 11, Segmentation fault' && ok "the crash names its signal" || fail "crash: $(msg "$out")"
for k in memory_4/barrier_in_branch barrier_rotate/barrier_in_guard reduce_sequential/barrier_in_if; do
	out=$(msg "$(json ${k%%/*} --file wrong/$k.cl)")
	printf '%s' "$out" | grep -qi 'does not forgive\|waits forever\|often forgives' &&
		fail "$k: a claim beyond the evidence: $out" || ok "$k: no claim beyond the evidence"
	printf '%s' "$out" | grep -q 'undefined: wrong results or a hang' && ok "$k: undefined, said so" ||
		fail "$k: not said undefined: $out"
done

# compact's store is made by only some work-items: its ideal is what the right kernel reaches
out=$(json compact --file solutions/compact.cl)
[ "$(printf '%s' "$out" | jq '[.access[] | select(.name == "out" and .op == "store")] | length')" -gt 0 ] ||
	fail "compact: no figure of the store into out"
printf '%s' "$out" | jq -e '[.access[] | select(.name == "out" and .op == "store") |
	.sectors_per_request <= .ideal_per_request + 0.001] | all' > /dev/null &&
	ok "compact's partial store: the right kernel reaches its ideal" || fail "compact ideal: $(printf '%s' "$out" | jq -c .access)"
exit 0
