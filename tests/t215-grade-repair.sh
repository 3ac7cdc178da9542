# Grading carries the repair, as far up its ladder as the course says (course.ini's [grading]
# repair = none | place | kind | edit): every format a student reads shows the rung chosen and
# none above it, in English and Portuguese; clings.json holds the whole repair; the score is
# the same with or without it; a search over its budget or killed with its worker says nothing;
# a wrong value in course.ini is an error at its line.
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-tests
course=$(copy_course)
sub=$TMP/sub
mkdir -p "$sub/exercises"
cp wrong/scale/off_by_one.cl "$sub/exercises/scale.cl"   # `i <= len`: cmp_tighten on line 8
place='The smallest change that makes every test pass is on line 8, in the guard.'
kind='Its kind: a comparison that lets one work-item too many through.'
edit='The change: on line 8, column 8, <= becomes <'
proved='The mistake, proved: The guard lets one work-item too many through.'
# grade RUNG OUT [ARGS...]: the submission graded with course.ini's repair = RUNG ("" : no course.ini)
grade() {
	local rung=$1 out=$2
	shift 2
	rm -f "$course/course.ini"
	[ -z "$rung" ] || printf '[grading]\nrepair = %s\n' "$rung" > "$course/course.ini"
	"$CLINGS" --course "$course" "$@" grade "$sub" --exercises scale --out "$out" > "$out.log" 2>&1 ||
		fail "grade (repair = $rung): $(cat "$out.log")"
}
tap_text() { sed -n '/message: |/,/^  \.\.\./p' "$1/results.tap"; }

grade "" "$TMP/none"
[ "$(jq -r '.exercises[0].repair' "$TMP/none/clings.json")" = null ] && ! grep -q 'smallest change' "$TMP/none/results.tap" &&
	ok "no course.ini: no search, nothing said of a repair" || fail "none: $(jq -c '.exercises[0].repair' "$TMP/none/clings.json")"

grade kind "$TMP/kind"
t=$(tap_text "$TMP/kind")
printf '%s\n' "$t" | grep -qxF "    $place" && printf '%s\n' "$t" | grep -qxF "    $kind" &&
	ok "repair = kind: TAP shows the place and the kind" || fail "kind: $t"
! grep -qF 'The change:' "$TMP/kind/results.tap" && ok "repair = kind: not the edit" || fail "kind shows the edit"
printf '%s\n' "$t" | grep -qxF "    $proved" && ok "the repair proves the guard's question" || fail "not proved: $t"
for f in junit.xml exercism.json prairielearn.json gradescope.json classroom.md; do
	grep -qF "$place" "$TMP/kind/$f" && grep -qF "${kind%.}" "$TMP/kind/$f" && ! grep -qF 'The change:' "$TMP/kind/$f" &&
		ok "repair = kind: $f shows the place and the kind, not the edit" || fail "$f: $(grep -o 'smallest change[^"]*' "$TMP/kind/$f")"
done
jq -e '.exercises[0].repair | .found and .rule == "cmp_tighten" and .line == 8 and .before == "<=" and
	.after == "<" and .tests == .tests_passed and .analysis_clean' "$TMP/kind/clings.json" > /dev/null &&
	ok "clings.json: the whole repair, the edit included" || fail "clings.json: $(jq -c '.exercises[0].repair' "$TMP/kind/clings.json")"
tests/grade/validate "$TMP/kind" && ok "every file keeps its platform's format" || fail "a file breaks its format"
[ "$(jq -r '[.score, .exercises[0].status, .exercises[0].verdict] | @tsv' "$TMP/kind/clings.json")" = \
  "$(jq -r '[.score, .exercises[0].status, .exercises[0].verdict] | @tsv' "$TMP/none/clings.json")" ] &&
	ok "the same score, status and verdict as without the search" || fail "the search changed the grade"

grade place "$TMP/place"
t=$(tap_text "$TMP/place")
printf '%s\n' "$t" | grep -qxF "    $place" && ! printf '%s\n' "$t" | grep -q 'Its kind' &&
	ok "repair = place: the place alone" || fail "place: $t"
jq -e '.exercises[0].repair.after == "<"' "$TMP/place/clings.json" > /dev/null &&
	ok "repair = place: clings.json still holds the edit, for the instructor" || fail "place: clings.json"

grade edit "$TMP/edit"
t=$(tap_text "$TMP/edit")
printf '%s\n' "$t" | grep -qxF "    $edit" && printf '%s\n' "$t" | grep -qxF "    $kind" &&
	ok "repair = edit: the edit itself" || fail "edit: $t"

grade kind "$TMP/pt" --lang pt-BR
t=$(tap_text "$TMP/pt")
printf '%s\n' "$t" | grep -qxF '    A menor mudança que faz todos os testes passarem está na linha 8, na guarda.' &&
	printf '%s\n' "$t" | grep -qxF '    O tipo: uma comparação que deixa passar um item de trabalho a mais.' &&
	printf '%s\n' "$t" | grep -qxF '    O erro, comprovado: A guarda deixa passar um item de trabalho a mais.' &&
	! printf '%s\n' "$t" | grep -q 'A mudança:' && ok "pt-BR: the place, the kind, the proof, not the edit" || fail "pt-BR: $t"
! printf '%s\n' "$t" | grep -qE 'smallest|Its kind|mistake, proved' && ok "pt-BR: no English among them" || fail "English: $t"

# A pass is never searched.
mkdir -p "$TMP/good/exercises"
cp solutions/scale.cl "$TMP/good/exercises/"
printf '[grading]\nrepair = edit\n' > "$course/course.ini"
"$CLINGS" --course "$course" grade "$TMP/good" --exercises scale --out "$TMP/goodout" > /dev/null 2>&1
[ "$(jq -r '[.score, (.exercises[0].repair | tostring)] | @tsv' "$TMP/goodout/clings.json")" = "$(printf '1\tnull')" ] &&
	ok "a pass: its point, no search" || fail "pass: $(jq -c . "$TMP/goodout/clings.json")"

# Fail closed: a search whose budget runs out says nothing to the student; a worker killed as
# it hands over the repair is tried again without a search, and the grade is the student's.
printf '[grading]\nrepair = edit\nrepair_seconds = 0.001\n' > "$course/course.ini"
"$CLINGS" --course "$course" grade "$sub" --exercises scale --out "$TMP/budget" > /dev/null 2>&1
jq -e '.exercises[0].repair | .found == false and .exhausted' "$TMP/budget/clings.json" > /dev/null &&
	! grep -qE 'smallest change|No change' "$TMP/budget/results.tap" &&
	ok "over its budget: found nothing, and the student is told nothing of it" ||
	fail "budget: $(jq -c '.exercises[0].repair' "$TMP/budget/clings.json") $(tap_text "$TMP/budget")"
printf '[grading]\nrepair = edit\n' > "$course/course.ini"
CLINGS_TEST_KILL=worker:repair:before "$CLINGS" --course "$course" grade "$sub" --exercises scale --out "$TMP/killed" > /dev/null 2>&1
[ "$(jq -r '[.exercises[0].status, .exercises[0].verdict, (.exercises[0].repair | tostring)] | @tsv' "$TMP/killed/clings.json")" = \
  "$(printf 'fail\tout_of_bounds\tnull')" ] && ! grep -qE 'smallest change|proved' "$TMP/killed/results.tap" &&
	ok "a worker killed with its repair: graded again without one, nothing said of it" ||
	fail "killed: $(jq -c '.exercises[0] | [.status, .verdict, .repair]' "$TMP/killed/clings.json")"

# A wrong value is an error at its line.
printf '[grading]\nrepair = maybe\n' > "$course/course.ini"
"$CLINGS" --course "$course" grade "$sub" --exercises scale --out "$TMP/bad" > "$TMP/bad.log" 2>&1
[ $? -ne 0 ] && grep -qF "course.ini:2: repair must be none, place, kind or edit" "$TMP/bad.log" &&
	ok "repair = maybe: course.ini:2 says what it must be" || fail "bad value: $(cat "$TMP/bad.log")"
printf '[grading]\nrepair_seconds = -1\n' > "$course/course.ini"
"$CLINGS" --course "$course" grade "$sub" --exercises scale --out "$TMP/bad" > "$TMP/bad.log" 2>&1
[ $? -ne 0 ] && grep -qF "course.ini:2: repair_seconds must be" "$TMP/bad.log" &&
	ok "repair_seconds = -1: an error at its line" || fail "bad seconds: $(cat "$TMP/bad.log")"
exit 0
