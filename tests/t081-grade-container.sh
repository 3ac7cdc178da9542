# A grading container's conditions, reproduced with bubblewrap (no container engine runs here):
# a read-only root, no network, HOME unset (and tests/lib.sh's XDG and PoCL cache variables), a
# non-root user, only /tmp writable (and the results directory, as a platform mounts it; here
# under /tmp, since the root cannot get a new
# directory). clings grades a submission there, with its own
# confinement nested inside, through the Gradescope entry point.
. tests/lib.sh
command -v bwrap >/dev/null || fail "bubblewrap is missing (scripts/install-deps installs it)"
mkdir -p "$TMP/results" "$TMP/submission"
chmod 777 "$TMP/results"
cp solutions/scale.cl "$TMP/submission/"
tests/pristine-stub exercises/local_reverse.cl > "$TMP/submission/local_reverse.cl"
grep -v '^// expect: ' wrong/memory_4/one_load.cl > "$TMP/submission/memory_4.cl"
chmod -R a+rX "$TMP/submission"
here=$PWD
course_sum() { find exercises solutions checks lessons -type f -exec md5sum {} + | sort | md5sum; }
before=$(course_sum)
# (the course is bound in again: it may itself live under /tmp, as a CI's clone may)
bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --ro-bind "$here" "$here" \
	--ro-bind "$TMP/submission" /tmp/autograder/submission --bind "$TMP/results" /tmp/autograder/results \
	--unshare-all --uid 1000 --gid 1000 --unsetenv HOME --unsetenv POCL_CACHE_DIR --unsetenv XDG_STATE_HOME \
	--unsetenv XDG_CACHE_HOME --die-with-parent --new-session \
	--setenv AUTOGRADER_ROOT /tmp/autograder --setenv CLINGS_TIME_BUDGET 120 --chdir /tmp \
	"$here/grading/gradescope/run_autograder" > "$TMP/log" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "run_autograder exits 0 in the container" || fail "run_autograder in the container: exit $rc: $(tail -20 "$TMP/log")"
f="$TMP/results/results.json"
[ -f "$f" ] && ok "results.json is written where the platform mounts it" || fail "no results.json: $(cat "$TMP/log")"
[ "$(jq -r .score "$f")" = 1 ] && ok "the score is 1" || fail "score: $(cat "$f")"
statuses=$(jq -r '[.tests[] | .status] | join(" ")' "$f")
# the whole course: scale passes; the stub, the wrong kernel and the rest do not
[ "$(printf '%s' "$statuses" | tr ' ' '\n' | grep -c passed)" -eq 1 ] && ok "only scale passes" ||
	fail "statuses: $statuses"
jq -r '.tests[] | select(.name == "memory_4") | .output' "$f" | grep -q 'wrong_result' &&
	ok "memory_4's wrong kernel is a wrong result in the container" ||
	fail "memory_4 in the container: $(jq -r '.tests[] | select(.name == "memory_4")' "$f")"
mkdir -p "$TMP/check" && cp "$f" "$TMP/check/gradescope.json"
tests/grade/validate "$TMP/check" && ok "results.json keeps Gradescope's format" || fail "results.json breaks Gradescope's format"
# nothing was written outside /tmp and the results: the course is as it was
[ "$(course_sum)" = "$before" ] && ok "nothing is written outside /tmp and the results: the course is as it was" ||
	fail "the course changed"
exit 0
