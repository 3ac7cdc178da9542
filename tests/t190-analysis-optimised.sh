# A test marked `analyze = optimised` runs on Oclgrind's optimised build of the kernel, the others
# on the unoptimised one: a read whose value is never used, past the end of `in`, is found by the
# unoptimised analysis and left out by the optimised build (what docs/authoring.md warns of);
# a race is found on either; one analysis child runs each test on its own build; and an
# optimised test that would measure access figures is refused.
. tests/lib.sh
course=$(copy_course)
ini="$course/checks/memory_4.ini"
# the reference with a read of in[len], one past the end, whose value nobody uses
sed 's|^\tuint gid = get_global_id(0);$|&\n\tint unused = in[len];|' solutions/memory_4.cl > "$TMP/unused.cl"
cmp -s solutions/memory_4.cl "$TMP/unused.cl" && fail "solutions/memory_4.cl: no line 'uint gid = get_global_id(0);' to add the read after"
verdict() { "$CLINGS" --course "$course" check memory_4 --file "$1" --json --no-cache --no-repair | jq -r .verdict; }

v=$(verdict "$TMP/unused.cl")
[ "$v" = out_of_bounds ] && ok "unoptimised: the unused read past the end is out_of_bounds" ||
	fail "unoptimised: verdict $v, expected out_of_bounds"

# every analysed test on the optimised build
sed -i 's/^analyze = yes$/analyze = optimised\naccess = no/' "$ini"
[ "$(grep -c '^analyze = optimised$' "$ini")" = 2 ] || fail "$ini: the analysed tests were not marked optimised"
json=$("$CLINGS" --course "$course" check memory_4 --file "$TMP/unused.cl" --json --no-cache --no-repair)
[ "$(printf '%s' "$json" | jq -r .verdict)" = pass ] && [ "$(printf '%s' "$json" | jq -r .analysis)" = true ] &&
	ok "optimised: the analysis ran and the optimiser left the unused read out" ||
	fail "optimised: $(printf '%s' "$json" | jq -c '{verdict, analysis}')"
v=$(verdict wrong/memory_4/missing_loop_barrier.cl)
[ "$v" = data_race ] && ok "optimised: a missing barrier is still a data race" ||
	fail "optimised: missing_loop_barrier.cl: verdict $v, expected data_race"

# One analysis child with a test of each kind builds both: the read in every test is found on
# the unoptimised test, the read only at wg > 64 is left out on the optimised one.
cp checks/memory_4.ini "$ini"
sed 's|^\tuint gid = get_global_id(0);$|&\n\tint unused = wg > 64 ? in[len] : 0;|' solutions/memory_4.cl > "$TMP/wide.cl"
v=$(verdict "$TMP/wide.cl")
[ "$v" = out_of_bounds ] && ok "unoptimised: the unused read at wg > 64 is out_of_bounds" ||
	fail "unoptimised: wide.cl: verdict $v, expected out_of_bounds"
sed -i '/^\[test wide\]/,/^analyze/ s/^analyze = yes$/analyze = optimised\naccess = no/' "$ini"
[ "$(grep -c '^analyze = optimised$' "$ini")" = 1 ] || fail "$ini: the wide test was not marked optimised"
for parts in 1 2; do
	v=$(CLINGS_ANALYSIS_PARTS=$parts verdict "$TMP/wide.cl")
	[ "$v" = pass ] && ok "$parts analysis children: the wide test runs the optimised build" ||
		fail "$parts children: wide.cl: verdict $v, expected pass"
	v=$(CLINGS_ANALYSIS_PARTS=$parts verdict "$TMP/unused.cl")
	[ "$v" = out_of_bounds ] && ok "$parts analysis children: the tiny test still runs the unoptimised one" ||
		fail "$parts children: unused.cl: verdict $v, expected out_of_bounds"
done

# an optimised test whose figures would count is the course's error, at its section
sed -i '0,/^access = no$/{/^access = no$/d}' "$ini"
line=$(grep -n '^\[test wide\]' "$ini" | cut -d: -f1)
"$CLINGS" --course "$course" check memory_4 >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && grep -q "memory_4.ini:$line: a test with analyze = optimised needs access = no" "$TMP/err" &&
	ok "an optimised test that measures figures is refused at its section" || fail "exit $rc: $(cat "$TMP/err")"
