# "A bug of the device's compiler" only when proved: a kernel whose unoptimised build is wrong
# and whose optimised build is right, every run, with a clean analysis and no atomics, passes
# with that word; the same kernel with an atomic in it, or with anything in Oclgrind's log, keeps
# its wrong result and never hears of the compiler. Runs that disagree are a race (the racy
# look-back of scan_fast, whose unoptimised build PoCL runs wrong).
# The compiler's bug is made by hand: PoCL defines __OPTIMIZE__ only in the optimised build.
. tests/lib.sh
course=$TMP/own
mkdir -p "$course"/exercises "$course"/solutions "$course"/checks "$course"/lessons/en
printf '[exercise]\ntitle = inc\norder = 1\n' > "$course/exercises/inc.ini"
printf '# inc\n\nAdd one.\n' > "$course/lessons/en/inc.md"
cat > "$course/checks/inc.ini" <<'INI'
[check]
kernel = inc
signature = __global const int *in, __global int *out, uint len

[buffer in]
size = len
init = random(-1000, 1000)

[buffer out]
size = len
output = yes

[scalar len]
value = len

[ndrange]
global = round_up(len, wg)
local = wg

[test small]
len = 100
wg = 32
analyze = yes

[test big]
len = 10000
wg = 64
INI
cat > "$course/solutions/inc.cl" <<'K'
__kernel void inc(__global const int *in, __global int *out, uint len)
{
	uint i = get_global_id(0);
	if (i < len)
		out[i] = in[i] + 1;
}
K
cp "$course/solutions/inc.cl" "$course/exercises/inc.cl"
# kernel NAME EXTRA_DECLARATIONS EXTRA_STATEMENTS [FROM]: right only when optimised, or from
# element FROM on (the analysed test has 100: from 5000 on only the big test, which Oclgrind
# does not run, is wrong; Oclgrind, which builds without optimisation, computes what the
# device's unoptimised build does, as any second compiler would from this text)
kernel() {
	cat > "$TMP/$1.cl" <<K
__kernel void inc(__global const int *in, __global int *out, uint len)
{
	uint i = get_global_id(0), lid = get_local_id(0);
	$2
#ifdef __OPTIMIZE__
	if (i < len)
		out[i] = in[i] + 1;
#else
	if (i < len)
		out[i] = in[i] + (i >= ${4:-0} ? 2 : 1);
#endif
	$3
}
K
}
kernel miscompiled '' '' 5000
kernel everywhere '' ''
kernel atomic '' 'if (len == 0) atomic_add(&out[0], 0);   /* never runs */'
kernel logged '__local int never_set[64], copy[64];' 'copy[lid] = never_set[lid];   /* unused garbage */'
check_json() { "$CLINGS" --course "$course" check inc --file "$TMP/$1.cl" --no-cache --json; }
compiler='bug of the device.s compiler'

out=$(check_json miscompiled)
v=$(printf '%s' "$out" | jq -r .verdict)
m=$(printf '%s' "$out" | jq -r .message)
[ "$v" = pass ] && printf '%s' "$m" | grep -q "$compiler" &&
	printf '%s' "$m" | grep -q 'same wrong results in each of 3 runs' &&
	printf '%s' "$m" | grep -q 'passes every test in each of 3 runs' &&
	ok "wrong unoptimised and right optimised in 3 runs each, clean and without atomics: the compiler's bug" ||
	fail "the proved case: $v: $m"

# Wrong in the analysed test too: Oclgrind's run of it, clean, gives the device's very results,
# so the wrong result is the kernel's: no run again, no optimised build.
out=$(CLINGS_TRACE=$TMP/trace check_json everywhere)
v=$(printf '%s' "$out" | jq -r .verdict)
m=$(printf '%s' "$out" | jq -r .message)
[ "$v" = wrong_result ] && ! printf '%s' "$m" | grep -q "$compiler" &&
	ok "wrong on the analysed test, where Oclgrind computes the same results: the wrong result stands" ||
	fail "Oclgrind's same results: $v: $m"
grep -q 'trace: learner' "$TMP/trace" && ! grep -q 'trace: compiler' "$TMP/trace" &&
	ok "... and its kernel was neither run again nor built with optimisation" || fail "the trace: $(cat "$TMP/trace")"

for k in atomic logged; do
	out=$(check_json $k)
	v=$(printf '%s' "$out" | jq -r .verdict)
	m=$(printf '%s' "$out" | jq -r .message)
	[ "$v" = wrong_result ] && ok "$k: the wrong result stands" || fail "$k: $v: $m"
	printf '%s' "$m" | grep -q "$compiler" && fail "$k: the compiler is blamed: $m" ||
		ok "$k: the compiler is not blamed"
done

# The look-back that takes an unpublished status word as a sum of 0: PoCL's unoptimised build
# runs its groups side by side and scans wrong, its optimised one is mostly right. Whatever the
# runs give, its atomics keep the compiler out of it.
for i in 1 2; do
	out=$("$CLINGS" check scan_fast --file wrong/scan_fast/lookback_reads_once.cl --no-cache --json)
	m=$(printf '%s' "$out" | jq -r .message)
	printf '%s' "$m" | grep -q "$compiler" && fail "a racy look-back blamed on the compiler: $m" ||
		ok "a racy look-back is never blamed on the compiler ($i)"
done
race=$(printf '%s' "$m" | grep -Ec '([0-9]+ of [0-9]+ runs gave wrong results|Each of [0-9]+ runs gave wrong results, not the same ones each time): a race')
# A status word published in two atomics (the flag, then the sum) goes wrong in few runs:
# pass or wrong result, never the compiler's fault.
out=$("$CLINGS" check scan_fast --file tests/fixtures/scan_fast/status_in_two_atomics.cl --no-cache --json)
v=$(printf '%s' "$out" | jq -r .verdict)
printf '%s' "$out" | jq -r .message | grep -q "$compiler" && fail "a status in two atomics blamed on the compiler" ||
	ok "a status published in two atomics is never blamed on the compiler ($v)"
# A pass is a claim too: with PoCL's work-groups on one thread, one after another, the racy
# look-back's first run always passes (every tile before it has published); a pass of a kernel
# with atomics runs again with its groups spread over more threads than processors, and those
# runs show the race.
out=$(POCL_MAX_PTHREAD_COUNT=1 "$CLINGS" check scan_fast --file wrong/scan_fast/lookback_reads_once.cl --no-cache --no-repair --json)
v=$(printf '%s' "$out" | jq -r .verdict)
m=$(printf '%s' "$out" | jq -r .message)
[ "$v" = wrong_result ] && printf '%s' "$m" | grep -Eq '[12] of 3 runs gave wrong results: a race' &&
	ok "a racy look-back whose first run passed is wrong in a run again, told as a race" ||
	fail "a racy look-back passed on one thread: $v: $m"
printf '%s' "$out" | jq -r '.diagnoses[0].id' | grep -qx cross_group_sync &&
	ok "... its diagnosis: work-groups that wait on each other" ||
	fail "the racy look-back's diagnosis: $(printf '%s' "$out" | jq -c .diagnoses)"
out=$(POCL_MAX_PTHREAD_COUNT=1 "$CLINGS" check scan_fast --file solutions/scan_fast.cl --no-cache --no-repair --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = pass ] && ok "the right look-back still passes its runs again" ||
	fail "the right look-back: $(printf '%s' "$out" | jq -r .verdict): $(printf '%s' "$out" | jq -r .message)"
[ "$race" -gt 0 ] && ok "the racy look-back's runs disagreed, and that is told as a race" ||
	skip_all "the racy look-back's runs agreed this time: $m"
exit 0
