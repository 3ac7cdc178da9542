# Each grader's own rules, shown on submissions made for them: GitHub Classroom grading a
# student's repository that holds no solutions with the course elsewhere (CLINGS_COURSE), its
# reporter's table agreeing with unequal points, the explanations reaching the job's summary;
# no path of the grader's in anything a student reads; exercism's error status and the kernel's
# printf as a test's output; PrairieLearn's ungradable build error; Gradescope's visibility
# from the exercise's ini.
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-tests
here=$PWD
course=$(copy_course)
# a course of three exercises worth 1, 3 and 2 points; memory_4 shown after the due date
for ini in "$course"/exercises/*.ini; do
	case ${ini##*/} in scale.ini|memory_4.ini|reduce_passes.ini) ;; *) rm "$ini" ;; esac
done
printf 'points = 3\nvisibility = after_due_date\n' >> "$course/exercises/memory_4.ini"
printf 'points = 2\n' >> "$course/exercises/reduce_passes.ini"
# The student's repository: kernels only. scale prints and is wrong; the others are right.
ws=$TMP/ws
mkdir -p "$ws/submission/exercises" "$ws/submission/.github/workflows"
cp grading/classroom/autograding.yml "$ws/submission/.github/workflows/"
cat > "$ws/submission/exercises/scale.cl" <<'K'
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i == 0)
		printf("len=%u factor=%.1f\n", len, factor);
	if (i < len)
		out[i] = factor * in[i] + 1.0f;
}
K
cp solutions/memory_4.cl solutions/reduce_passes.cl "$ws/submission/exercises/"

# GitHub Classroom, as its workflow runs it: the course checked out beside the student's files
: > "$ws/output"; : > "$ws/env"; : > "$ws/summary"
(cd "$ws" && GITHUB_OUTPUT="$ws/output" GITHUB_ENV="$ws/env" GITHUB_STEP_SUMMARY="$ws/summary" \
	CLINGS_COURSE="$course" CLINGS_RESULTS="$ws/results" "$here/grading/classroom/grade" submission > "$ws/log" 2>&1)
rc=$?
[ $rc -eq 0 ] && ok "Classroom's grading step exits 0" || fail "classroom grade: exit $rc: $(tail -5 "$ws/log")"
[ ! -e "$ws/submission/solutions" ] && [ ! -e "$ws/submission/checks" ] &&
	ok "the student's repository holds no solutions and no checks" || fail "the student's repository holds the answers"
grep -qx 'runners=scale,memory_4,reduce_passes' "$ws/output" && ok "one reporter runner per exercise, in course order" ||
	fail "runners: $(cat "$ws/output")"
# What autograding-grading-reporter does with them (src/main.js, notify-classroom.js, the
# console table): Classroom's points add the tests' scores; the table passed / total x max_score.
reporter() {
	python3 - "$ws/env" "$ws/output" <<'PY'
import base64, json, sys
env = dict(l.split("=", 1) for l in open(sys.argv[1]).read().splitlines())
runners = [l.split("=", 1)[1] for l in open(sys.argv[2]).read().splitlines() if l.startswith("runners=")][0]
total = maximum = table = 0
for r in runners.split(","):
    res = json.loads(base64.b64decode(env[r.strip().upper() + "_RESULTS"]))
    maximum += res["max_score"]
    total += sum(t["score"] for t in res["tests"])
    table += sum(t["status"] == "pass" for t in res["tests"]) / len(res["tests"]) * res["max_score"]
print(f"{total}/{maximum} table {table:g}")
PY
}
[ "$(reporter)" = "5/6 table 5" ] && ok "the reporter's points (5/6) and its table (5) agree with clings' points" ||
	fail "reporter: $(reporter)"
whole=$(sed -n 's/^result=//p' "$ws/output" | base64 -d | jq -r '"\([.tests[].score] | add)/\(.max_score)"')
[ "$whole" = 5/6 ] && ok "the step's result (one runner) scores 5/6 as well" || fail "result: $whole"
# with the course elsewhere, the right kernels pass: the references came from there
jq -e '.tests | map(select(.status == "pass") | .name) == ["memory_4", "reduce_passes"]' "$ws/results/classroom.json" > /dev/null &&
	ok "graded with the course elsewhere: the right kernels pass, the wrong one fails" || fail "$(cat "$ws/results/classroom.json")"
grep -q 'expected' "$ws/summary" && grep -q 'len=5 factor=' "$ws/summary" &&
	ok "the job's summary has scale's explanation and what it printed (the reporter prints only its name)" ||
	fail "summary: $(cat "$ws/summary")"
grep -q 'expected' "$ws/log" && ok "the job's log has the explanation too" || fail "log: $(cat "$ws/log")"
grep -rqF "$TMP" "$ws/summary" "$ws/log" "$ws/results/classroom.json" && fail "a grader's path reaches the student: $(grep -rF "$TMP" "$ws/summary" "$ws/log" | head -3)" ||
	ok "no grader's path in what the student reads"
(cd "$ws" && CLINGS_COURSE="$ws/submission" "$here/grading/classroom/grade" submission > "$ws/log2" 2>&1)
[ $? -eq 2 ] && grep -q 'course' "$ws/log2" && ok "CLINGS_COURSE without a course: exit 2, said" || fail "no course: $(cat "$ws/log2")"

# Every format of the same submission, given by its absolute path, with the course elsewhere.
"$CLINGS" --course "$course" grade "$ws/submission" --out "$TMP/all" > /dev/null 2>&1 && ok "grade in every format exits 0" || fail "grade all"
tests/grade/validate "$TMP/all" && ok "every file keeps its platform's format" || fail "a file breaks its format"
leaks=$(grep -lF "$TMP" "$TMP/all"/* | grep -v '/clings.json$')
[ -z "$leaks" ] && ok "no path of the grader's (submission or course) in any student's file" || fail "paths in: $leaks"
g=$TMP/all/gradescope.json
[ "$(jq -r '[.tests[] | .visibility // "-"] | join(" ")' "$g")" = "- after_due_date -" ] &&
	ok "Gradescope: memory_4's test is shown after the due date, as its ini says" || fail "visibility: $(jq -c '[.tests[].visibility]' "$g")"
[ "$(jq -r '.tests[0].extra_data | "\(.verdict) \(.file)"' "$g")" = "wrong_result exercises/scale.cl" ] &&
	ok "Gradescope: each test's extra_data has its verdict and file" || fail "extra_data: $(jq -c '.tests[0].extra_data' "$g")"
[ "$(jq -r '.tests[0].output' "$TMP/all/exercism.json")" = "len=5 factor=3.0" ] &&
	ok "exercism: what the kernel printed is the test's output" || fail "exercism output: $(jq -c '.tests[0]' "$TMP/all/exercism.json")"
jq -r '.tests[0].output' "$TMP/all/prairielearn.json" | grep -q '^len=5 factor=3.0' &&
	ok "PrairieLearn: what the kernel printed is the test's output" || fail "PrairieLearn output: $(jq -c '.tests[0]' "$TMP/all/prairielearn.json")"
grep -q '<failure message="wrong_result"' "$TMP/all/junit.xml" && grep -q ' failures="1" errors="0"' "$TMP/all/junit.xml" &&
	ok "JUnit: a 5/6 submission counts its failure" || fail "junit: $(head -4 "$TMP/all/junit.xml")"
prove --exec cat "$TMP/all/results.tap" > /dev/null 2>&1 && fail "prove passes a submission with a wrong kernel" ||
	ok "prove fails a submission with a wrong kernel"
# A kernel printing without end: exercism's output stays within its 500 characters, said cut.
mkdir -p "$TMP/flood" "$TMP/flood-out"
sed 's/if (i == 0)/for (int k = 0; k < 40; k++)/; s/len=%u factor=%.1f/line %d of %u/; s/len, factor)/k, len)/' \
	"$ws/submission/exercises/scale.cl" > "$TMP/flood/scale.cl"
grading/exercism/run.sh scale "$TMP/flood" "$TMP/flood-out" > /dev/null 2>&1
grep -q 'line 39 of' "$TMP/flood-out/results.json" && fail "exercism: the whole flood is in the output" || true
out=$(jq -r '.tests[0].output' "$TMP/flood-out/results.json")
[ "${#out}" -le 500 ] && [ "${#out}" -gt 400 ] && printf '%s' "$out" | tail -1 | grep -q 'cut' &&
	ok "exercism: a flood of printing is cut to 500 characters, with a note" || fail "flood: ${#out}: $(printf '%s' "$out" | tail -2)"

# A kernel that does not build, alone, through the platforms' entry points.
mkdir -p "$TMP/bad/in" "$TMP/bad/out"
printf '__kernel void scale(__global float *out { }\n' > "$TMP/bad/in/scale.cl"
grading/exercism/run.sh scale "$TMP/bad/in" "$TMP/bad/out" > /dev/null 2>&1 && ok "exercism's run.sh exits 0 on a build error" || fail "run.sh"
r=$TMP/bad/out/results.json
[ "$(jq -r .status "$r")" = error ] && jq -r .message "$r" | grep -q '^The kernel does not compile' &&
	ok "exercism: a build error is status error with the compiler's words as the message" || fail "exercism: $(cat "$r")"
jq -r .message "$r" | grep -q '^scale.cl:1:' && ! grep -qF "$TMP" "$r" &&
	ok "exercism: the compiler's path is the student's file name, no grader's path" || fail "exercism path: $(jq -r .message "$r")"
grep -q '"output": null' "$r" && fail "exercism: output null" || ok "exercism: no null output"
mkdir -p "$TMP/pl/student"
cp "$TMP/bad/in/scale.cl" "$TMP/pl/student/"
cp solutions/memory_4.cl "$TMP/pl/student/"
mkdir -p "$TMP/pl/data" && echo '{"params": {"exercises": "scale,memory_4"}}' > "$TMP/pl/data/data.json"
GRADE_ROOT="$TMP/pl" grading/prairielearn/grade > /dev/null 2>&1 && ok "PrairieLearn's grade exits 0 on a build error" || fail "pl grade"
p=$TMP/pl/results/results.json
[ "$(jq -r '"\(.gradable) \(.format_errors | length)"' "$p")" = "false 1" ] &&
	ok "PrairieLearn: a kernel that does not build makes the submission not gradable (no attempt used)" || fail "pl: $(cat "$p")"
mkdir -p "$TMP/pl/check" && cp "$p" "$TMP/pl/check/prairielearn.json"
tests/grade/validate "$TMP/pl/check" && ok "PrairieLearn's results keep their format" || fail "pl format"

# PrairieLearn's entry point stops by itself: six kernels that hang (each check runs into its time
# limits), no CLINGS_TIME_BUDGET: its default budget leaves the rest not reached. (How long it
# takes is measured by make bench, not here: a loaded machine stretches it.)
hang() {   # hang SOLUTION: the reference, an endless loop first
	sed '0,/^{/s//{\n\tvolatile int spin = 0;\n\tfor (;;)\n\t\tspin++;/' "$1"
}
six=scale,local_reverse,barrier_rotate,reduce_sequential,reduce_passes,reduce_double
mkdir -p "$TMP/pl6/student" "$TMP/pl6/data"
for e in ${six//,/ }; do hang "solutions/$e.cl" > "$TMP/pl6/student/$e.cl"; done
echo "{\"params\": {\"exercises\": \"$six\"}}" > "$TMP/pl6/data/data.json"
start=$(date +%s)
(unset CLINGS_TIME_BUDGET; GRADE_ROOT="$TMP/pl6" grading/prairielearn/grade > /dev/null 2>&1)
took=$(($(date +%s) - start))
p=$TMP/pl6/results/results.json
echo "# PrairieLearn's entry point on six hanging kernels: $took s"
jq -e '.gradable == false and (.tests[-1].message | startswith("Not graded"))' "$p" > /dev/null &&
	ok "what its default budget did not reach makes the submission not gradable" || fail "pl6: $(jq -c '[.gradable, [.tests[].message[0:30]]]' "$p")"
jq -e '[.tests[0:2][].message | test("did not finish")] | all' "$p" > /dev/null &&
	ok "the kernels it reached hang, as made" || fail "pl6: $(jq -c '[.tests[].message[0:40]]' "$p")"

# A visibility Gradescope does not know: the course is refused, with its file and line.
printf 'visibility = later\n' >> "$course/exercises/scale.ini"
line=$(wc -l < "$course/exercises/scale.ini")
out=$("$CLINGS" --course "$course" grade "$ws/submission" --out "$TMP/x" 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "scale.ini:$line: visibility must be hidden, after_due_date" &&
	ok "an unknown visibility is refused with its file and line" || fail "visibility: $out"
exit 0
