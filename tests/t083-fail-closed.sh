# Fail closed: a checking child or a grading worker killed at each point of its reply (before
# its verdict, inside it, after it) is clings' own error, never a pass and never the learner's
# failure; a grade is the same with --jobs 1 and --jobs 2 (apart from times).
# CLINGS_TEST_KILL=ROLE:KEY:WHEN makes the process of ROLE kill itself there (base/proc.c).
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-tests

verdict() {   # verdict FILE [ENV]: status and verdict of a check of scale with FILE
	CLINGS_TEST_KILL=${2:-} "$CLINGS" --course . check scale --file "$1" --no-cache --json 2>/dev/null |
		jq -r '"\(.status) \(.verdict)"'
}
[ "$(verdict solutions/scale.cl)" = "pass pass" ] && ok "unkilled, the solution passes" || fail "solution"
stub="$TMP/stub.cl"
tests/pristine-stub exercises/scale.cl > "$stub"
[ "$(verdict "$stub")" = "fail wrong_result" ] && ok "unkilled, the stub fails" || fail "stub: $(verdict "$stub")"
for role_key in learner:end analysis:verdict reference:end; do
	for when in before inside after; do
		for kernel in solutions/scale.cl "$stub"; do
			got=$(verdict "$kernel" "$role_key:$when")
			[ "$got" = "error error" ] && ok "$role_key killed $when its reply: an error of clings ($kernel)" ||
				fail "$role_key:$when with $kernel gave '$got', not an error"
		done
	done
done

sub="$TMP/sub"
mkdir -p "$sub/good/exercises" "$sub/stubs/exercises"
for e in scale local_reverse; do
	cp "solutions/$e.cl" "$sub/good/exercises/"
	tests/pristine-stub "exercises/$e.cl" > "$sub/stubs/exercises/$e.cl"
done
grade() {   # grade SUBMISSION OUT [ENV] [JOBS]
	CLINGS_TEST_KILL=${3:-} "$CLINGS" --course . grade "$sub/$1" --exercises scale,local_reverse \
		--out "$2" --jobs "${4:-2}" > /dev/null 2>&1
	jq -r '"\(.score) \([.exercises[].verdict] | join(","))"' "$2/clings.json"
}
[ "$(grade good "$TMP/g0")" = "2 pass,pass" ] && ok "unkilled, the solutions score 2/2" || fail "good"
for when in before inside after; do
	for s in good stubs; do
		got=$(grade $s "$TMP/g-$s-$when" "worker:report:$when")
		[ "$got" = "0 error,error" ] && ok "a worker killed $when its report: 0 points, an error of clings ($s)" ||
			fail "worker:report:$when ($s) gave '$got'"
	done
	got=$(grade good "$TMP/l-$when" "learner:end:$when")
	[ "$got" = "0 error,error" ] && ok "a checking child killed $when its end in grading: an error ($when)" ||
		fail "learner:end:$when in grading gave '$got'"
done
jq -e '.exercises[0].message | test("error of the grader")' "$TMP/g-good-before/clings.json" > /dev/null &&
	ok "the worker's error says it is the grader's" || fail "worker error message"
jq -e '.status != "pass" and ([.tests[].status] | all(. != "pass"))' "$TMP/g-stubs-inside/exercism.json" > /dev/null &&
	ok "exercism does not call a killed worker's exercise a pass" || fail "exercism: $(cat "$TMP/g-stubs-inside/exercism.json")"

# --jobs 1 and --jobs 2: the same clings.json but for the times.
mask() { jq 'del(.seconds) | .exercises |= map(del(.seconds))' "$1"; }
for s in good stubs; do
	grade $s "$TMP/j1-$s" "" 1 > /dev/null
	grade $s "$TMP/j2-$s" "" 2 > /dev/null
	diff <(mask "$TMP/j1-$s/clings.json") <(mask "$TMP/j2-$s/clings.json") > "$TMP/diff" &&
		ok "--jobs 1 and --jobs 2 give the same clings.json ($s)" || fail "jobs differ ($s): $(head -20 "$TMP/diff")"
done
