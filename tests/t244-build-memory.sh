# A course's memory_limit_mb bounds its kernels' runs, not the compiler: the build keeps its own
# bound (BUILD_MEMORY_MB, sandbox_build_limits) until the kernel is built for the device, and the
# course's limit holds from then on (sandbox_run_limits). A limit under what PoCL's compiler
# needs made the solution itself "Building the kernel used more than a build may", blamed on the
# learner. A reference that cannot run at all under the limit is the course's error, in words
# about its process (check-run.c, reference_end), where it used to say "Your kernel crashed".
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
# Far under what the runtime needs, the reference cannot run: the course's error, said as the
# process's end and a question about the limit, never as "your kernel" (it is not the learner's).
sed -i 's/^memory_limit_mb = 560/memory_limit_mb = 256/' "$course/checks/scale.ini"
out=$("$CLINGS" --course "$course" check scale --file solutions/scale.cl --no-cache --json 2>&1)
msg=$(printf '%s' "$out" | jq -r .message 2>/dev/null)
[ "$(printf '%s' "$out" | jq -r .verdict 2>/dev/null)" = error ] &&
	[[ "$msg" == "the reference solution did not finish on this device: its process "* ]] &&
	[[ "$msg" == *"memory_limit_mb of 256 MB enough"* ]] && [[ "$msg" != *"our kernel"* ]] &&
	ok "at 256 MB the reference's end is the course's error, asked about its limit" ||
	fail "the reference at 256 MB: $out"
exit 0
