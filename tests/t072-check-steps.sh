# The richer check format, on a course built here from nothing but ini, .cl and Markdown files:
# a device-wide scan of three steps sharing buffers, a histogram with local atomics (its bin
# count a build option, a "hot bins" test through a per-test input), and a stream compaction
# compared as a multiset over the prefix its atomic counter holds. Right kernels pass (one that
# writes the compaction in another order too); wrong ones fail with the verdict and the words
# that name the fault (a step that hangs, its kernel); broken check files are refused at their
# file and line.
. tests/lib.sh
course=$TMP/own
mkdir -p "$course"/exercises "$course"/solutions "$course"/checks "$course"/lessons/en "$course"/lessons/es
k=$TMP/kernels
mkdir -p "$k"

# ---- the three exercises ----
for ex in scan_device:160 histogram:170 compact:180; do
	name=${ex%%:*}
	printf '[exercise]\ntitle = %s\ntitle.es = %s (es)\norder = %s\n' "$name" "$name" "${ex#*:}" \
		> "$course/exercises/$name.ini"
	printf '# %s\n\nThe lesson.\n' "$name" > "$course/lessons/en/$name.md"
	printf '# %s\n\nLa lección.\n' "$name" > "$course/lessons/es/$name.md"
	printf '## Hint\nOne.\n\n## Hint\nTwo.\n' > "$course/lessons/en/$name.hints.md"
	printf '## Hint\nUna.\n\n## Hint\nDos.\n' > "$course/lessons/es/$name.hints.md"
done

cat > "$course/checks/scan_device.ini" <<'INI'
; An inclusive scan of any length: each work-group scans its block, one work-group scans the
; blocks' totals, then every block adds the total of the blocks before it.
[check]
seed = 3

[step blocks]
kernel = scan_blocks
signature = __global const int *in, __global int *out, __global int *sums, __local int *tmp,
  uint n
global = groups * wg
local = wg

[step sums]
kernel = scan_sums
signature = __global int *sums, __local int *tmp, uint groups
global = wg
local = wg

[step offsets]
kernel = add_offsets
signature = __global int *out, __global const int *sums, uint n
global = groups * wg
local = wg

[let]
groups = ceil_div(n, wg)

[buffer in]
size = n
init = random(-lim, lim)

[buffer out]
size = n
output = yes

[buffer sums]
size = groups
output = yes
label = work-group

[local tmp]
size = wg

[scalar n]
value = n

[scalar groups]
value = groups

[test small]
n = 1, 37, 200
wg = 64
lim = 50
analyze = yes

[test blocks]
n = 64, 1000, 4000
wg = 64
lim = 1000
INI

cat > "$k/scan_right.cl" <<'CL'
/* Hillis-Steele in local memory: n values of one block, inclusive. */
static void scan_local(__local int *tmp, size_t lid, size_t wg)
{
	for (size_t d = 1; d < wg; d *= 2) {
		int x = lid >= d ? tmp[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += x;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}

__kernel void scan_blocks(__global const int *in, __global int *out, __global int *sums,
			  __local int *tmp, uint n)
{
	size_t lid = get_local_id(0), gid = get_global_id(0), wg = get_local_size(0);
	tmp[lid] = gid < n ? in[gid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	scan_local(tmp, lid, wg);
	if (gid < n)
		out[gid] = tmp[lid];
	if (lid == wg - 1)
		sums[get_group_id(0)] = tmp[lid];
}

__kernel void scan_sums(__global int *sums, __local int *tmp, uint groups)
{
	size_t lid = get_local_id(0), wg = get_local_size(0);
	tmp[lid] = lid < groups ? sums[lid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	scan_local(tmp, lid, wg);
	if (lid < groups)
		sums[lid] = tmp[lid];
}

__kernel void add_offsets(__global int *out, __global const int *sums, uint n)
{
	size_t g = get_group_id(0), gid = get_global_id(0);
	if (g > 0 && gid < n)
		out[gid] += sums[g - 1];
}
CL
cp "$k/scan_right.cl" "$course/solutions/scan_device.cl"
# the stub: the kernels are there, they do nothing yet
cat > "$course/exercises/scan_device.cl" <<'CL'
__kernel void scan_blocks(__global const int *in, __global int *out, __global int *sums,
			  __local int *tmp, uint n) { }
__kernel void scan_sums(__global int *sums, __local int *tmp, uint groups) { }
__kernel void add_offsets(__global int *out, __global const int *sums, uint n) { }
CL
# each block adds its own total instead of the blocks' before it: off by one block
sed 's/out\[gid\] += sums\[g - 1\];/out[gid] += sums[g];/; s/if (g > 0 \&\& gid < n)/if (gid < n)/' \
	"$k/scan_right.cl" > "$k/scan_offset.cl"
# the block scan stops one step short: the last element of a block misses the first half
sed 's/for (size_t d = 1; d < wg; d \*= 2)/for (size_t d = 1; d < wg \/ 2; d *= 2)/' "$k/scan_right.cl" > "$k/scan_short.cl"
# a step's kernel named otherwise
sed 's/add_offsets/add_offset/' "$k/scan_right.cl" > "$k/scan_renamed.cl"

cat > "$course/checks/histogram.ini" <<'INI'
[check]
kernel = histogram
signature = __global const uint *data, __global uint *bins, __local uint *local_bins, uint n
build_options = -D BINS=16 -cl-mad-enable
seed = 5

[buffer data]
size = n
init = random(0, hi)

[buffer bins]
size = 16
init = const(0)
output = yes
label = bin

[local local_bins]
size = 16

[scalar n]
value = n

[ndrange]
global = 4 * wg
local = wg

[test spread]
n = 100, 3000
hi = 255, 1000000
wg = 32
analyze = yes

; every value in two bins: the adds of a whole work-group collide
[test hot]
n = 4000
hi = 0
init.data = random(0, 1)
wg = 64
INI
cat > "$k/histogram_right.cl" <<'CL'
__kernel void histogram(__global const uint *data, __global uint *bins, __local uint *local_bins,
			uint n)
{
	size_t lid = get_local_id(0), wg = get_local_size(0);
	for (size_t b = lid; b < BINS; b += wg)
		local_bins[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		atomic_inc(&local_bins[data[i] % BINS]);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t b = lid; b < BINS; b += wg)
		atomic_add(&bins[b], local_bins[b]);
}
CL
cp "$k/histogram_right.cl" "$course/solutions/histogram.cl"
sed 's/atomic_inc(&local_bins\[data\[i\] % BINS\]);/local_bins[data[i] % BINS]++;/' \
	"$k/histogram_right.cl" > "$k/histogram_plain.cl"
# its own bin count, not the check's build option
sed 's/BINS/8/g' "$k/histogram_right.cl" > "$k/histogram_own_bins.cl"
# counts kept in a byte: right until a work-group sees a bin more than 255 times (the hot test)
sed 's/atomic_add(&bins\[b\], local_bins\[b\]);/atomic_add(\&bins[b], local_bins[b] \& 0xff);/' \
	"$k/histogram_right.cl" > "$k/histogram_cold.cl"
printf '__kernel void histogram(__global const uint *data, __global uint *bins,\n\t__local uint *local_bins, uint n) { }\n' \
	> "$course/exercises/histogram.cl"

cat > "$course/checks/compact.ini" <<'INI'
; Keep the positive values, in any order: an atomic counter hands out the places.
[check]
kernel = compact
signature = __global const int *in, __global int *out, __global uint *count, uint n

[buffer in]
size = n
init = random(-100, 100)

[buffer out]
size = n
output = yes
compare = multiset
count = count

[buffer count]
size = 1
init = const(0)
output = yes

[scalar n]
value = n

[ndrange]
global = round_up(n, wg)
local = wg

[test all]
n = 10, 500, 3001
wg = 64
analyze = yes
INI
cat > "$k/compact_right.cl" <<'CL'
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0)
		out[atomic_inc(count)] = in[i];
}
CL
cp "$k/compact_right.cl" "$course/solutions/compact.cl"
# right too: the values land in the reverse order
cat > "$k/compact_reversed.cl" <<'CL'
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t g = get_global_id(0);
	if (g >= n)
		return;
	size_t i = n - 1 - g;
	if (in[i] > 0)
		out[atomic_inc(count)] = in[i];
}
CL
# atomic_inc returns the old value: taken for the new one, slot 0 stays empty and the last value
# lands past the count
sed 's/out\[atomic_inc(count)\]/out[atomic_inc(count) + 1]/' "$k/compact_right.cl" > "$k/compact_shifted.cl"
cat > "$k/compact_twice.cl" <<'CL'
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && in[i] > 0) {
		uint k = atomic_inc(count);
		out[k] = k == 1 ? out[0] : in[i];
	}
}
CL
printf '__kernel void compact(__global const int *in, __global int *out, __global uint *count,\n\tuint n) { }\n' \
	> "$course/exercises/compact.cl"

run() { $CLINGS --course "$course" check "$@" --json --no-cache; }
verdict() { run "$@" | jq -r .verdict; }
message() { run "$@" | jq -r .message; }
expect() {   # expect VERDICT EXERCISE FILE [OPTIONS]: the verdict of a kernel
	local want=$1 ex=$2 file=$3
	shift 3
	local got what=$(basename "$file")
	case $file in "$course/exercises/"*) what="the stub" ;; esac
	got=$(verdict "$ex" --file "$file" "$@")
	[ "$got" = "$want" ] && ok "$ex: $what gives $want${*:+ with $*}" ||
		fail "$ex $(basename "$file") $*: $got, not $want: $(message "$ex" --file "$file" "$@")"
}

# ---- the check files load ----
$CLINGS --course "$course" validate > "$TMP/validate" 2>&1 &&
	ok "validate passes the course whole: files, languages, solutions, stubs" ||
	fail "validate of the course: $(cat "$TMP/validate")"

# ---- steps ----
expect pass scan_device "$k/scan_right.cl"
expect wrong_result scan_device "$course/exercises/scan_device.cl"
out=$(message scan_device --file "$k/scan_offset.cl")
printf '%s' "$out" | grep -q "'out' is written by the steps blocks (scan_blocks), offsets (add_offsets)" &&
	ok "the message names the steps that write out" || fail "the steps that write out: $out"
printf '%s' "$out" | grep -q "^Test blocks n=64" && fail "one block has no offset to add: $out" ||
	ok "the test of one block (n=64) is not named: it has no offset to add"
expect wrong_result scan_device "$k/scan_offset.cl" --no-analysis
# what the first step left wrong is named before what later steps spoiled: sums comes first
out=$(message scan_device --file "$k/scan_short.cl" --no-analysis)
printf '%s' "$out" | grep -q "sums\[0\] (work-group 0)" && ok "what the first step left wrong, sums, is named first" ||
	fail "sums is compared first: $out"
out=$(run scan_device --file "$k/scan_renamed.cl")
[ "$(printf '%s' "$out" | jq -r .verdict)" = signature_mismatch ] && ok "a step's kernel named otherwise is a signature_mismatch" ||
	fail "renamed step kernel: $out"
printf '%s' "$out" | jq -r .message | grep -q "no kernel named 'add_offsets'.*" &&
	ok "the message names the missing step kernel" || fail "the missing step kernel: $out"
printf '%s' "$out" | jq -r .message | grep -q "__kernel void add_offsets(__global int \*out, __global const int \*sums, uint n)" &&
	ok "the message gives the step's signature" || fail "the step's signature: $out"
# the analysis runs every step: a race in the last one is found there
sed 's/out\[gid\] += sums\[g - 1\];/out[gid] += sums[g - 1]; if (gid + 1 < n) out[gid + 1] += 0;/' \
	"$k/scan_right.cl" > "$k/scan_race.cl"
expect data_race scan_device "$k/scan_race.cl"
# a step that never ends: the message names its kernel
sed 's/if (g > 0 \&\& gid < n)/while (n > 0) if (g > 0 \&\& gid < n)/' "$k/scan_right.cl" > "$k/scan_hang.cl"
out=$(run scan_device --file "$k/scan_hang.cl" --no-analysis)
[ "$(printf '%s' "$out" | jq -r .verdict)" = timeout ] && ok "a step without end is a timeout" ||
	fail "a step without end: $out"
printf '%s' "$out" | jq -r .message | grep -q '^Test small n=1 wg=64 lim=50 (kernel add_offsets) did not finish' &&
	ok "the timeout names the test and the kernel that hangs" || fail "the kernel that hangs: $out"

# ---- histogram: build options, local atomics, a test's own input ----
expect pass histogram "$k/histogram_right.cl"
expect wrong_result histogram "$course/exercises/histogram.cl"
got=$(verdict histogram --file "$k/histogram_plain.cl")
case $got in
data_race | wrong_result) ok "histogram: histogram_plain.cl, without atomics, gives $got" ;;
*) fail "histogram without atomics: $got" ;;
esac
expect wrong_result histogram "$k/histogram_own_bins.cl" --no-analysis
out=$(message histogram --file "$k/histogram_cold.cl" --no-analysis)
printf '%s' "$out" | grep -q '^Test hot n=4000 hi=0 wg=64' && ok "the hot test, with its own input, catches counts kept in a byte" ||
	fail "only the hot test sees it: $out"
# without the build option, BINS is no name: the option reached the learner's build before
sed -i '/^build_options/d' "$course/checks/histogram.ini"
expect build_error histogram "$k/histogram_right.cl" --no-analysis

# ---- compaction: a multiset over the counter's prefix ----
expect pass compact "$k/compact_right.cl"
expect pass compact "$k/compact_reversed.cl"
expect wrong_result compact "$course/exercises/compact.cl"
out=$(message compact --file "$k/compact_shifted.cl" --no-analysis)
printf '%s' "$out" | grep -Eq "out, its values in any order: -?[0-9]+ is missing; 1 place was never written" &&
	ok "a multiset message names the missing value and the place never written" ||
	fail "the missing value by name: $out"
printf '%s' "$out" | grep -q "Only the first [0-9]* values of 'out' count: as many as count\[0\] says" &&
	ok "the message says only the prefix the counter holds counts" || fail "the prefix: $out"
out=$(message compact --file "$k/compact_twice.cl" --no-analysis)
printf '%s' "$out" | grep -Eq "[0-9]+ appears 2 times instead of once" && ok "a multiset message names a value written twice" ||
	fail "a duplicate: $out"

# ---- broken check files: refused at their line ----
bad() {   # bad CHECK LINE TEXT: validate names CHECK:LINE with TEXT
	$CLINGS --course "$course" validate > /dev/null 2> "$TMP/err" && fail "validate took $1: $3" ||
		ok "validate refuses $1 with: $3"
	grep -qF "checks/$1:$2: $3" "$TMP/err" && ok "validate names it at checks/$1:$2" ||
		fail "want checks/$1:$2: $3 in: $(cat "$TMP/err")"
}
cp "$course/checks/histogram.ini" "$TMP/histogram.ini"
sed -i 's/^seed = 5$/build_options = -D BINS=16 -I \/etc/' "$course/checks/histogram.ini"
bad histogram.ini 4 "build_options: '-I' is not allowed"
cp "$TMP/histogram.ini" "$course/checks/histogram.ini"
sed -i 's/^init.data = random(0, 1)$/init.data = random(0, hot)/' "$course/checks/histogram.ini"
bad histogram.ini 36 "init of 'data' in test 'hot n=4000 hi=0 wg=64': 'hot': unknown name 'hot'"
cp "$TMP/histogram.ini" "$course/checks/histogram.ini"
sed -i 's/^init.data = random(0, 1)$/init.nothing = random(0, 1)/' "$course/checks/histogram.ini"
bad histogram.ini 36 "init.nothing: the signature has no buffer 'nothing'"
cp "$TMP/histogram.ini" "$course/checks/histogram.ini"
cp "$course/checks/compact.ini" "$TMP/compact.ini"
sed -i 's/^compare = multiset$/compare = any/' "$course/checks/compact.ini"
bad compact.ini 13 "compare must be exact, tolerance, multiset or sorted"
cp "$TMP/compact.ini" "$course/checks/compact.ini"
sed -i 's/^count = count$/count = in/' "$course/checks/compact.ini"
bad compact.ini 14 "count = in: it must name another output buffer of integers"
cp "$TMP/compact.ini" "$course/checks/compact.ini"
sed -i 's/^compare = multiset$/tolerance = 0.1/' "$course/checks/compact.ini"
bad compact.ini 13 "tolerance: 'out' holds integers, which are compared exactly"
cp "$TMP/compact.ini" "$course/checks/compact.ini"
# clings bench times the three steps of every pass, each with its own NDRange: the right scan
# against itself, and a scan that is wrong only past the tests' sizes (its 64th block, which no
# test has), named at the bench's size.
cp "$course/checks/scan_device.ini" "$TMP/scan.ini"
printf '\n[bench]\nwg = 64\nn = min(bytes / 4, wg * wg)\nlim = 1000\n' >> "$course/checks/scan_device.ini"
out=$($CLINGS --course "$course" bench scan_device --file "$k/scan_right.cl" --json 2>&1)
[ "$(printf '%s\n' "$out" | jq -r '[.status, (.rows | length), .rows[0].work_group, .rows[0].results] | join(" ")')" = "ok 1 64 same" ] &&
	ok "a check of three steps is benched: one row, its results the reference's" || fail "bench of steps: $out"
[ "$(printf '%s\n' "$out" | jq -r '.rows[0] | .kernel.first_pass.seconds > 0 and .kernel.loop.seconds >= .kernel.first_pass.seconds and .bytes > 0')" = true ] &&
	ok "the bench of steps times the first pass and the loop" || fail "bench of steps, times: $out"
sed 's/if (g > 0 \&\& gid < n)/if (g > 0 \&\& g < 63 \&\& gid < n)/' "$k/scan_right.cl" > "$k/scan_big_wrong.cl"
check "the scan wrong in its 64th block passes its tests" "$CLINGS" --course "$course" check scan_device --file "$k/scan_big_wrong.cl"
out=$($CLINGS --course "$course" bench scan_device --file "$k/scan_big_wrong.cl" --json 2>&1)
[ "$(printf '%s\n' "$out" | jq -r '.rows[0].results')" = different ] &&
	ok "the bench of steps finds results that differ at its size" || fail "bench of a wrong scan: $out"
cp "$TMP/scan.ini" "$course/checks/scan_device.ini"
cp "$course/checks/scan_device.ini" "$TMP/scan.ini"
sed -i '/^global = wg$/d' "$course/checks/scan_device.ini"
bad scan_device.ini 13 "[step sums] needs 'global'"
cp "$TMP/scan.ini" "$course/checks/scan_device.ini"
sed -i 's/^signature = __global int \*sums, __local int \*tmp, uint groups$/signature = __global float *sums, uint groups/' \
	"$course/checks/scan_device.ini"
bad scan_device.ini 15 "argument 'sums' is declared otherwise by an earlier step"
cp "$TMP/scan.ini" "$course/checks/scan_device.ini"
printf '[ndrange]\nglobal = 64\nlocal = 64\n' >> "$course/checks/scan_device.ini"
bad scan_device.ini 60 "a check with [step] sections gives each step its own global and local: no [ndrange]"
cp "$TMP/scan.ini" "$course/checks/scan_device.ini"
sed -i 's/^\[check\]$/[check]\nkernel = scan_blocks/' "$course/checks/scan_device.ini"
bad scan_device.ini 8 "a check has either [check] kernel and signature with [ndrange], or [step NAME] sections, not both"
cp "$TMP/scan.ini" "$course/checks/scan_device.ini"
exit 0
