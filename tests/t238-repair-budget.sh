# The repair's search is bounded whole by its budget of processor time: a candidate's check still
# running when the budget is spent (its build, its tests or its analysis) is stopped there, and
# the search says it ran out (exhausted, nothing found, nothing claimed), where before only a
# candidate's tests were bounded and a search could take several times its budget (matmul_register:
# 12.7 s of 8). Read from the search's trace (CLINGS_REPAIR_TRACE): with a budget of 0.3 s, which a
# matmul_register candidate's build alone outgrows, the last candidate checked is stopped (an
# error of the check, no verdict of its own) and none is checked with the analysis.
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-tests
course=$(copy_course)
sub=$TMP/sub
mkdir -p "$sub/exercises"
cp wrong/matmul_register/rows_unguarded.cl "$sub/exercises/matmul_register.cl"   # out of bounds
printf '[grading]\nrepair = edit\nrepair_seconds = 0.3\n' > "$course/course.ini"
CLINGS_REPAIR_TRACE=1 "$CLINGS" --course "$course" grade "$sub" --exercises matmul_register --out "$TMP/out" \
	> /dev/null 2> "$TMP/trace" || fail "grade: $(cat "$TMP/trace")"
grep -q '^repair: the budget of 0.30 s of processor time is spent: the search stops' "$TMP/trace" &&
	ok "the search says its budget is spent" || fail "no budget line: $(cat "$TMP/trace")"
last=$(grep "^repair: .* -> " "$TMP/trace" | tail -1)
case $last in
*": error ("*) ok "the candidate running at the budget was stopped, no verdict of its own" ;;
*) fail "the last candidate ran on: $last ($(cat "$TMP/trace"))" ;;
esac
grep -q '^repair: with the analysis' "$TMP/trace" && fail "a candidate was analysed past the budget: $(cat "$TMP/trace")" ||
	ok "no candidate is analysed past the budget"
jq -e '.exercises[0] | .verdict == "out_of_bounds" and (.repair | .found == false and .exhausted)' "$TMP/out/clings.json" \
	> /dev/null && ok "the grade keeps its verdict; the repair found nothing and ran out" ||
	fail "clings.json: $(jq -c '.exercises[0] | [.verdict, .repair]' "$TMP/out/clings.json")"
