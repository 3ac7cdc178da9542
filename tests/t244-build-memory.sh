# A course's memory_limit_mb bounds its kernels' runs, not the compiler: the build keeps its own
# bound (BUILD_MEMORY_MB, sandbox_build_limits) until the kernel is built for the device, and the
# course's limit holds from then on (sandbox_run_limits). A limit under what PoCL's compiler
# needs made the solution itself "Building the kernel used more than a build may", blamed on the
# learner.
. tests/lib.sh
course=$(copy_course 2>/dev/null)
# PoCL's threads fixed: their stacks are address space, and the limit below is this machine's
export POCL_MAX_PTHREAD_COUNT=2
sed -i 's/^seed = 10/&\nmemory_limit_mb = 560/' "$course/checks/scale.ini"
grep -q '^memory_limit_mb = 560' "$course/checks/scale.ini" || fail "the limit was not set"
out=$("$CLINGS" --course "$course" check scale --file solutions/scale.cl --no-cache --json 2>&1)
[ "$(printf '%s' "$out" | jq -r .verdict 2>/dev/null)" = pass ] &&
	ok "a course limit of 560 MB, under the compiler's: the solution builds and passes" ||
	fail "the solution at 560 MB: $out"
grep -v '^// expect' wrong/scale/off_by_one.cl > "$TMP/off_by_one.cl"
out=$("$CLINGS" --course "$course" check scale --file "$TMP/off_by_one.cl" --no-cache --json 2>&1)
[ "$(printf '%s' "$out" | jq -r .verdict 2>/dev/null)" = out_of_bounds ] &&
	ok "and a kernel one past the end is told so, as without the limit" || fail "off_by_one at 560 MB: $out"
exit 0
