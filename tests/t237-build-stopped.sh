# A build ended by a limit that is not the build's own is clings' failure, never the learner's
# build_error: a checking child ended by SIGXCPU before its "ready" line having used a fraction of
# the build's processor time (here CLINGS_TEST_KILL's "xcpu", as a shell's ulimit or anything
# outside the check would end it) is run again once, then reported as clings' error that clears
# the kernel; so is the analysis child. A build that used up its own processor time (a macro that
# expands into a huge text) is still the learner's build_error.
. tests/lib.sh
stub="$TMP/stub.cl"
tests/pristine-stub exercises/scale.cl > "$stub"
check_json() {   # check_json FILE [TEST_KILL]: the JSON of a check of scale with FILE
	CLINGS_TEST_KILL=${2:-} "$CLINGS" check scale --file "$1" --no-cache --json 2>/dev/null
}
for kernel in solutions/scale.cl "$stub"; do
	for role in learner analysis; do
		out=$(check_json "$kernel" "$role:device:xcpu")
		[ "$(printf '%s' "$out" | jq -r '"\(.status) \(.verdict)"')" = "error error" ] &&
			ok "$role ended by an outside processor limit while building: clings' error ($kernel)" ||
			fail "$role:device:xcpu with $kernel: $(printf '%s' "$out" | jq -c '[.verdict, .message]')"
		printf '%s' "$out" | jq -r .message | grep -q "nothing your kernel did" &&
			ok "its message clears the kernel ($role, $kernel)" ||
			fail "message: $(printf '%s' "$out" | jq -r .message)"
	done
done

# The build's own limit: a kernel whose text the preprocessor makes enormous uses up the build's
# processor time, and that is the learner's build_error.
bomb="$TMP/bomb.cl"
{
	echo '#define A0 x = x * 3 + 1;'
	for i in $(seq 1 20); do echo "#define A$i A$((i - 1)) A$((i - 1))"; done
	echo '__kernel void scale(__global const float *in, __global float *out, float factor, uint len)'
	echo '{ size_t i = get_global_id(0); float x = factor; A20 if (i < len) out[i] = in[i] * x; }'
} > "$bomb"
out=$("$CLINGS" check scale --file "$bomb" --no-cache --no-analysis --json 2>/dev/null)
[ "$(printf '%s' "$out" | jq -r .verdict)" = build_error ] &&
	ok "a build that uses up its own processor time is still the learner's build_error" ||
	fail "bomb: $(printf '%s' "$out" | jq -c '[.verdict, .message]')"
