# clings grade: known submissions (all correct, all stubs, a mix, none, files that are no kernel,
# a hanging kernel, a hostile one; made below from the course's own files) graded in every
# format; each file compared with its expected copy (tests/grade/expected, times masked) and
# validated against a schema written from its platform's documentation (tests/grade/validate).
# UPDATE=1 rewrites the expected copies. Then the entry points of grading/, with their
# directories simulated.
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-tests   # the seeds below depend on it
exercises=scale,local_reverse,memory_4,reduce_passes
# The submissions, at a fixed place (clings.json names it; students read paths relative to it).
subs=build/grade-submissions
rm -rf "$subs"
mkdir -p "$subs/correct/exercises" "$subs/stubs" "$subs/mix/exercises" "$subs/empty" \
	"$subs/notkernel/memory_4.cl" "$subs/hanging" "$subs/hostile"
unexpect() { grep -v '^// expect: ' "$1"; }   # a golden kernel as a learner would submit it
for e in scale local_reverse memory_4 reduce_passes; do
	cp "solutions/$e.cl" "$subs/correct/exercises/"
	tests/pristine-stub "exercises/$e.cl" > "$subs/stubs/$e.cl"
done
cp solutions/scale.cl "$subs/mix/exercises/"
tests/pristine-stub exercises/local_reverse.cl > "$subs/mix/exercises/local_reverse.cl"
unexpect wrong/memory_4/one_load.cl > "$subs/mix/exercises/memory_4.cl"
printf '\x89PNG\r\n\x1a\n\x00\x00\xff\xfe binary' > "$subs/notkernel/scale.cl"
ln -s ../../../solutions/local_reverse.cl "$subs/notkernel/local_reverse.cl"
echo 'hello, this is not a kernel' > "$subs/notkernel/reduce_passes.cl"
unexpect wrong/memory_4/endless_loop.cl > "$subs/hanging/memory_4.cl"
cp solutions/scale.cl "$subs/hanging/"
cp tests/hostile/forge_pass.cl "$subs/hostile/memory_4.cl"
expected=tests/grade/expected
mask() { sed -E 's/"(seconds|execution_time|duration)": [0-9.]+/"\1": 0/g; s/ time="[0-9.]+"/ time="0"/g;
	s/ timestamp="[0-9T:-]+" hostname="[^"]*"/ timestamp="0" hostname="0"/' "$1"; }

"$CLINGS" grade --class "$subs" --exercises "$exercises" --out "$TMP/out" --jobs 2 > "$TMP/stdout" 2> "$TMP/stderr"
rc=$?
[ $rc -eq 0 ] && ok "grade --class exits 0" || fail "grade --class: exit $rc: $(cat "$TMP/stderr")"
for sub in correct stubs mix empty notkernel hanging hostile; do
	out="$TMP/out/$sub"
	tests/grade/validate "$out" && ok "$sub: every file keeps its platform's format" || fail "$sub: a file breaks its format"
	for f in exercism.json gradescope.json prairielearn.json classroom.json classroom.md \
		clings.json junit.xml results.tap; do
		[ -f "$out/$f" ] && ok "$sub: $f is written" || fail "$sub: no $f"
		if [ -n "${UPDATE:-}" ]; then
			mkdir -p "$expected/$sub"
			mask "$out/$f" > "$expected/$sub/$f"
		fi
		mask "$out/$f" | diff -u "$expected/$sub/$f" - > "$TMP/diff" && ok "$sub: $f is as expected" || fail "$sub/$f differs: $(head -40 "$TMP/diff")"
	done
done
score() { jq -r '"\(.score)/\(.max_score)"' "$TMP/out/$1/clings.json"; }
[ "$(score correct)" = 4/4 ] && ok "all correct scores 4/4" || fail "correct: $(score correct)"
[ "$(score stubs)" = 0/4 ] && ok "all stubs score 0/4" || fail "stubs: $(score stubs)"
[ "$(score mix)" = 1/4 ] && ok "the mix scores 1/4" || fail "mix: $(score mix)"
[ "$(jq -r .gradable "$TMP/out/empty/prairielearn.json")" = false ] && ok "an empty submission is not gradable" || fail "empty: gradable"
[ "$(jq -r '.exercises[] | select(.name == "memory_4") | .verdict' "$TMP/out/hanging/clings.json")" = timeout ] &&
	ok "a hanging kernel's verdict is timeout" || fail "hanging"
[ "$(jq -r '.exercises[] | select(.name == "memory_4") | .verdict' "$TMP/out/hostile/clings.json")" = crash ] &&
	ok "a hostile kernel's verdict is crash" || fail "hostile"
grep -cE '^(correct|stubs|mix|empty|notkernel|hanging|hostile): Points [0-9]+/4$' "$TMP/stdout" | grep -qx 7 && ok "one Points line, named, for each of the 7 submissions" || fail "Points lines: $(cat "$TMP/stdout")"

# The validator itself refuses what breaks a format.
cp -r "$TMP/out/mix" "$TMP/broken"
jq '.tests[0].status = "passed"' "$TMP/broken/exercism.json" > "$TMP/x" && mv "$TMP/x" "$TMP/broken/exercism.json"
tests/grade/validate "$TMP/broken" > /dev/null && fail "the validator took a wrong exercism status" ||
	ok "the validator refuses a wrong exercism status"

# One exercise alone: results.json where the platform looks; the seed repeats a grading; another
# submission gets another seed; the secret changes it too.
"$CLINGS" grade "$subs/mix" --exercises memory_4 --format exercism --out "$TMP/one" 2>/dev/null &&
	ok "grade of one exercise in one format exits 0" || fail "one format"
[ -f "$TMP/one/results.json" ] && [ ! -f "$TMP/one/junit.xml" ] && ok "one format writes results.json, and nothing else" || fail "one format: $(ls "$TMP/one")"
seed=$(jq -r .seed "$TMP/out/mix/clings.json")
[ "$seed" != "$(jq -r .seed "$TMP/out/correct/clings.json")" ] && ok "two submissions get two seeds" || fail "two submissions, one seed"
CLINGS_GRADE_SECRET=other "$CLINGS" grade "$subs/mix" --exercises scale --format summary --out "$TMP/s2" 2>/dev/null
[ "$(jq -r .seed "$TMP/s2/clings.json")" != "$seed" ] && ok "another secret gives another seed" || fail "the secret does not change the seed"
"$CLINGS" grade "$subs/mix" --exercises scale --format summary --seed "$seed" --out "$TMP/s3" 2>/dev/null
[ "$(jq -r .seed "$TMP/s3/clings.json")" = "$seed" ] && ok "--seed repeats a grading's seed" || fail "--seed"
out=$("$CLINGS" check memory_4 --file "$subs/mix/exercises/memory_4.cl" --seed "$seed" --json)
[ "$(printf '%s' "$out" | jq -r .message)" = "$(jq -r '.exercises[] | select(.name == "memory_4") | .message' "$TMP/out/mix/clings.json")" ] &&
	ok "clings check --seed repeats the grade's message" ||
	fail "clings check --seed does not repeat the grade's message"

# The time budget: what is not reached is reported as such, and never as a pass or a skip.
mkdir -p "$TMP/two/exercises"
cp "$subs/hanging/memory_4.cl" "$TMP/two/exercises/"
cp solutions/reduce_passes.cl "$TMP/two/exercises/"
"$CLINGS" grade "$TMP/two" --exercises memory_4,reduce_passes --time-budget 1 \
	--out "$TMP/budget" 2>/dev/null && ok "grade with --time-budget exits 0" || fail "--time-budget"
[ "$(jq -r '[.exercises[].verdict] | join(" ")' "$TMP/budget/clings.json")" = "timeout not_reached" ] &&
	ok "what the time budget does not reach is reported as not_reached" ||
	fail "not reached: $(cat "$TMP/budget/clings.json")"
tests/grade/validate "$TMP/budget" && ok "not reached: every file keeps its platform's format" || fail "not reached: a file breaks its format"
grep -qx 'not ok 2 - reduce_passes' "$TMP/budget/results.tap" && ! grep -q SKIP "$TMP/budget/results.tap" &&
	ok "in TAP, what is not reached is a plain not ok, no SKIP (a pass in TAP)" || fail "TAP: $(cat "$TMP/budget/results.tap")"
prove --exec cat "$TMP/budget/results.tap" > /dev/null 2>&1 && fail "prove passes a grading that did not reach an exercise" ||
	ok "prove fails a grading that did not reach an exercise"
grep -q '<testcase name="reduce_passes"[^>]*>$' "$TMP/budget/junit.xml" && grep -q '<error message="not_reached" type="not_reached">' "$TMP/budget/junit.xml" &&
	grep -q ' failures="1" errors="1" skipped="0"' "$TMP/budget/junit.xml" &&
	ok "in JUnit, what is not reached is an error, counted" || fail "JUnit not reached: $(cat "$TMP/budget/junit.xml")"
[ "$(jq -r .gradable "$TMP/budget/prairielearn.json")" = false ] &&
	ok "PrairieLearn: a grading that did not reach an exercise is not gradable (no attempt used)" ||
	fail "PrairieLearn not reached: $(cat "$TMP/budget/prairielearn.json")"
[ "$(jq -r '.tests[1].extra_data.grader_failed' "$TMP/budget/gradescope.json")" = true ] &&
	ok "Gradescope: a test not reached is marked as the grader's failure" || fail "Gradescope: $(cat "$TMP/budget/gradescope.json")"
[ "$(jq -r '.status' "$TMP/budget/classroom.json")" = error ] && [ "$(jq -r '.tests[1].status' "$TMP/budget/classroom.json")" = error ] &&
	ok "Classroom: not reached is an error, whose message the reporter prints" || fail "Classroom: $(cat "$TMP/budget/classroom.json")"

# Shards: two halves make the whole class.
"$CLINGS" grade --class "$subs" --exercises scale --format summary --shard 0/2 --out "$TMP/sh" 2>/dev/null
"$CLINGS" grade --class "$subs" --exercises scale --format summary --shard 1/2 --out "$TMP/sh" 2>/dev/null
[ "$(find "$TMP/sh" -mindepth 1 -maxdepth 1 -type d | wc -l)" -eq 7 ] && [ -s "$TMP/sh/clings-shard-0-of-2.json" ] &&
	[ -s "$TMP/sh/clings-shard-1-of-2.json" ] && ok "two shards make the whole class, each with its record" ||
	fail "shards: $(ls "$TMP/sh")"

# Errors of grading itself, and of use: exit 2.
"$CLINGS" --course "$TMP/no-course" grade "$subs/mix" --out "$TMP/x" >/dev/null 2>&1; [ $? -eq 2 ] && ok "no course: exit 2" ||
	fail "no course"
"$CLINGS" grade "$subs/mix" --format nonsense >/dev/null 2>&1; [ $? -eq 2 ] && ok "an unknown format: exit 2" || fail "unknown format"
"$CLINGS" grade >/dev/null 2>&1; [ $? -eq 2 ] && ok "no submission: exit 2" || fail "no submission"
"$CLINGS" grade "$TMP/not-there" --out "$TMP/x" >/dev/null 2>&1; [ $? -eq 2 ] &&
	ok "a missing submission: exit 2" || fail "missing submission"

# The entry points, with the platforms' directories simulated.
root="$TMP/gs"
mkdir -p "$root/submission"
cp "$subs/mix/exercises/"*.cl "$root/submission/"
AUTOGRADER_ROOT="$root" CLINGS_TIME_BUDGET=60 grading/gradescope/run_autograder >/dev/null 2>&1 &&
	ok "Gradescope's run_autograder exits 0" || fail "run_autograder"
tests/grade/validate "$root/results" && ok "run_autograder's results keep their format" || fail "run_autograder's results"
mkdir -p "$root/results/check" && cp "$root/results/results.json" "$root/results/check/gradescope.json"
tests/grade/validate "$root/results/check" && ok "Gradescope's results.json keeps its format" || fail "Gradescope's results.json"
root="$TMP/gs2"
mkdir -p "$root/submission"
cp "$TMP/two/exercises/"*.cl "$root/submission/"
AUTOGRADER_ROOT="$root" CLINGS_TIME_BUDGET=1 grading/gradescope/run_autograder > "$TMP/gs2.out" 2>&1 &&
	fail "run_autograder exits 0 when clings could not grade an exercise" || ok "run_autograder fails when clings could not grade an exercise"
[ ! -f "$root/results/results.json" ] && [ -f "$root/results/results.incomplete.json" ] && grep -q 'reduce_passes' "$TMP/gs2.out" &&
	ok "Gradescope gets no results to score the student by; stdout (instructors') says why" || fail "gs2: $(ls "$root/results"; cat "$TMP/gs2.out")"
mkdir -p "$TMP/ex/in" "$TMP/ex/out"
cp solutions/memory_4.cl "$TMP/ex/in/"
chmod -R a-w "$TMP/ex/in"
grading/exercism/run.sh memory_4 "$TMP/ex/in" "$TMP/ex/out" >/dev/null 2>&1 &&
	ok "Exercism's run.sh exits 0 on a read-only input" || fail "exercism run.sh"
[ "$(jq -r .status "$TMP/ex/out/results.json")" = pass ] && ok "Exercism's results.json says pass" || fail "exercism: $(cat "$TMP/ex/out/results.json")"
mkdir -p "$TMP/ex/check" && cp "$TMP/ex/out/results.json" "$TMP/ex/check/exercism.json"
tests/grade/validate "$TMP/ex/check" && ok "Exercism's results.json keeps its format" || fail "exercism's results.json"
mkdir -p "$TMP/pl/student" "$TMP/pl/data"
cp "$subs/mix/exercises/"*.cl "$TMP/pl/student/"
echo '{"params": {"exercises": "scale,memory_4"}}' > "$TMP/pl/data/data.json"
GRADE_ROOT="$TMP/pl" grading/prairielearn/grade >/dev/null 2>&1 && ok "PrairieLearn's grade exits 0" || fail "prairielearn grade"
[ "$(jq -r .score "$TMP/pl/results/results.json")" = 0.5 ] && ok "PrairieLearn's score is 0.5" ||
	fail "prairielearn: $(cat "$TMP/pl/results/results.json")"
out=$(./run.sh grade "$subs/correct" --exercises scale --format classroom --out "$TMP/rs" 2>/dev/null)
[ "$out" = "Points 1/1" ] && ok "./run.sh grade gives Points 1/1" || fail "./run.sh grade: $out"
exit 0
