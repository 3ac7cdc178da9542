# What the fast exercises measure, on a course of one's own: a row of A kept in private memory
# (`loads_per_item`) and loads per multiply-add (`loads_per_madd`) refuse the kernel that loads A
# again for every output, with the figure; `flops` in [bench] gives GFLOP/s and the share of the
# measured peak beside GB/s.
. tests/lib.sh
base="$TMP/base"
mkdir -p "$base"/{exercises,solutions,checks,lessons/en,wrong/rows}
printf '[course]\nlanguages = en\n' > "$base/course.ini"
printf '[exercise]\ntitle = A row of C a work-item\norder = 10\n' > "$base/exercises/rows.ini"
cat > "$base/checks/rows.ini" <<'INI'
[check]
kernel = rows
signature = __global const float *A, __global const float *B, __global float *C, uint N
tolerance = 1e-4

[buffer A]
size = N * N
init = random(-1, 1)

[buffer B]
size = N * N
init = random(-1, 1)

[buffer C]
size = N * N
output = yes

[scalar N]
value = N

[ndrange]
global = round_up(N, 8)
local = 8

[test small]
N = 5, 16
analyze = yes

[access A]
loads_per_item = 1
loads_per_madd = 0.5
loads_per_item.why = Keep the row of A in private memory: each work-item loads it once.
loads_per_madd.why = Each value of the row serves N multiply-adds once it is private.

[bench]
N = 64
flops = 2 * N * N * N
INI
cat > "$base/solutions/rows.cl" <<'CL'
__kernel void rows(__global const float *A, __global const float *B, __global float *C, uint N)
{
	uint i = get_global_id(0);
	if (i >= N)
		return;
	float row[64];
	for (uint k = 0; k < N; k++)
		row[k] = A[i * N + k];
	for (uint j = 0; j < N; j++) {
		float acc = 0.0f;
		for (uint k = 0; k < N; k++)
			acc += row[k] * B[k * N + j];
		C[i * N + j] = acc;
	}
}
CL
sed 's/acc += row\[k\]/acc += A[i * N + k]/' "$base/solutions/rows.cl" > "$base/wrong/rows/no_private_row.cl"

check() { $CLINGS --course "$base" check rows --no-cache --json --file "$1"; }
out=$(check "$base/solutions/rows.cl")
q() { printf '%s\n' "$out" | jq -r "$1"; }
[ "$(q .verdict)" = pass ] && ok "the kernel with a private row passes its loads rules" || fail "private row: $out"
[ "$(q '[.access[] | select(.name == "A" and .op == "load")][0] | .executions == .first_loads and .madds > 0')" = true ] &&
	ok "each element of A is loaded once by its work-item, and the multiply-adds are counted" ||
	fail "loads of A: $out"

out=$(check "$base/wrong/rows/no_private_row.cl")
[ "$(q .verdict)" = requirement_unmet ] && ok "the kernel that loads A again for every output is refused" ||
	fail "no private row: $out"
[ "$(q .facts.loads_per_item)" != null ] && [ "$(q '.facts.loads_per_item | tonumber > 10')" = true ] &&
	ok "the figure: each element of A loaded about N times by its work-item" || fail "loads_per_item fact: $out"
q .message | grep -q 'Each work-item loads every element of `A` it uses' &&
	q .message | grep -q 'Keep the row of A in private memory' &&
	ok "the message gives the figure and the course's why" || fail "message: $out"
[ "$(q '.diagnoses[0].id')" = data_not_reused ] && ok "its diagnosis is data_not_reused" || fail "diagnosis: $out"

# loads per multiply-add alone: the same kernel breaks it too (1 load of A per multiply-add)
sed -i '/^loads_per_item/d' "$base/checks/rows.ini"
out=$(check "$base/wrong/rows/no_private_row.cl")
[ "$(q .verdict)" = requirement_unmet ] && q .message | grep -q 'times per multiply-add' &&
	ok "loads per multiply-add refuses it with its figure" || fail "loads_per_madd: $out"
out=$(check "$base/solutions/rows.cl")
[ "$(q .verdict)" = pass ] && ok "the private row meets loads per multiply-add" || fail "private row, madd: $out"

# flops: GFLOP/s and the share of the measured peak, beside GB/s
out=$($CLINGS --course "$base" bench rows --file "$base/solutions/rows.cl" --json)
[ "$(q '.peak.gflops > 0 and .rows[0].flops == 524288 and .rows[0].kernel.loop.gflops > 0 and
	.rows[0].kernel.loop.of_peak > 0 and .rows[0].kernel.loop.gbps > 0')" = true ] &&
	ok "the bench gives GFLOP/s and the share of the peak kernel's rate" || fail "bench flops: $out"
[ "$(q '(.rows[0].flops / .rows[0].kernel.loop.seconds / 1e9 - .rows[0].kernel.loop.gflops) | fabs < 0.01')" = true ] &&
	ok "GFLOP/s is flops over the median time" || fail "GFLOP/s: $out"
text=$($CLINGS --course "$base" bench rows --file "$base/solutions/rows.cl")
printf '%s\n' "$text" | grep -q 'GFLOP/s' && printf '%s\n' "$text" | grep -q 'of peak' &&
	ok "the table has GFLOP/s and of peak columns" || fail "table: $text"
