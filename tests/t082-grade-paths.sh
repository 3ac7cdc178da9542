# clings grade reads every student's file itself, beneath the submission's root with no link
# followed: a hostile class (made below from the course's own files) whose submissions point
# their exercises directory at the course's solutions or at a classmate's, link the file, link the
# submission itself, hide behind dot names, or spell an #include as only clang reads it. None
# gains a point; every entry of the class is graded or named on stdout; no grader's path reaches
# what a student reads.
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-tests
course=$PWD
class="$TMP/class"
mkdir -p "$class/alice/exercises" "$class/to_solutions" "$class/to_classmate" "$class/file_link/exercises" \
	"$class/flat_link" "$class/fifo/exercises" "$class/.hidden/exercises" "$class/..dots" \
	"$class/include_cr/exercises" "$class/include_splice" "$class/$(printf 'evil\nbob')"
cp solutions/scale.cl "$class/alice/exercises/"                      # the one right kernel
ln -s "$course/solutions" "$class/to_solutions/exercises"             # the exercises directory
ln -s ../alice/exercises "$class/to_classmate/exercises"              # a classmate's
ln -s "$course/solutions/scale.cl" "$class/file_link/exercises/scale.cl"   # the file, a level down
ln -s "$course/solutions/scale.cl" "$class/flat_link/scale.cl"        # the file, flat
mkfifo "$class/fifo/exercises/scale.cl"                               # no writer ever comes
ln -s alice "$class/mallory"                                          # the submission itself
ln -s alice "$class/.sneaky"
ln -s "$TMP/nowhere" "$class/dangling"
echo 'my notes' > "$class/notes.txt"
tests/pristine-stub exercises/scale.cl > "$class/.hidden/exercises/scale.cl"
cp "$class/.hidden/exercises/scale.cl" "$class/..dots/scale.cl"
cp solutions/scale.cl "$class/$(printf 'evil\nbob')/scale.cl"
# an #include after a // comment ended by a lone CR, and a %: digraph split by a line splice
{ printf '// the reference\r#include "%s/solutions/scale.cl"\n' "$course"; } > "$class/include_cr/exercises/scale.cl"
{ printf '%%\\\n:include "%s/solutions/scale.cl"\n' "$course"; } > "$class/include_splice/scale.cl"

timeout 300 "$CLINGS" grade --class "$class" --exercises scale --out "$TMP/out" --jobs 2 > "$TMP/stdout" 2> "$TMP/stderr"
rc=$?
[ $rc -eq 0 ] && ok "grade --class of a hostile class exits 0" || fail "grade --class: exit $rc: $(cat "$TMP/stderr")"
score() { jq -r '"\(.score)/\(.max_score)"' "$TMP/out/$1/clings.json"; }
field() { jq -r ".exercises[0].$2" "$TMP/out/$1/clings.json"; }
[ "$(score alice)" = 1/1 ] && ok "the right kernel scores 1/1" || fail "alice: $(score alice) $(field alice message)"
[ "$(score "$(printf 'evil\nbob')")" = 1/1 ] && ok "a submission with a newline in its name is graded" ||
	fail "evil/bob: $(cat "$TMP/stdout")"

# A link anywhere on a file's path: refused, named relative to the submission, no point.
refused() {   # refused SUBMISSION FILE LINK
	[ "$(score "$1")" = 0/1 ] && ok "$1 gains no point" || fail "$1: $(score "$1"): $(field "$1" message)"
	[ "$(field "$1" verdict)" = build_error ] && [ "$(field "$1" file)" = "$2" ] &&
		ok "$1: the exercise fails, its file named $2" || fail "$1: $(field "$1" verdict) $(field "$1" file)"
	[ "$(field "$1" facts.link)" = "$3" ] &&
		field "$1" message | grep -qF "$2 is not read: $3 is a symbolic link" &&
		ok "$1: the message names the link, $3" || fail "$1: $(field "$1" message) $(field "$1" facts)"
}
refused to_solutions exercises/scale.cl exercises
refused to_classmate exercises/scale.cl exercises
refused file_link exercises/scale.cl exercises/scale.cl
refused flat_link scale.cl scale.cl
[ "$(score fifo)" = 0/1 ] && field fifo message | grep -qF 'exercises/scale.cl is not a regular file' &&
	ok "a FIFO is refused, without waiting for a writer" || fail "fifo: $(score fifo): $(field fifo message)"
for sub_line in include_cr:2 include_splice:1; do
	sub=${sub_line%:*} line=${sub_line#*:}
	[ "$(score $sub)" = 0/1 ] && [ "$(field $sub verdict)" = build_error ] && [ "$(field $sub line)" = "$line" ] &&
		field $sub message | grep -q '#include (and every other way of reading another file' &&
		ok "$sub: the include is found, at line $line, no point" || fail "$sub: $(score $sub): $(field $sub message)"
done

# Dot-named submissions are graded like any other; links and files in the class are named.
for sub in .hidden ..dots; do
	[ "$(score "$sub")" = 0/1 ] && [ "$(field "$sub" verdict)" = wrong_result ] &&
		ok "$sub is graded (its stub: a wrong result)" || fail "$sub: $(cat "$TMP/out/$sub/clings.json" 2>&1)"
	grep -qxF "$sub: Points 0/1" "$TMP/stdout" && ok "$sub is named on stdout with its points" ||
		fail "$sub on stdout: $(cat "$TMP/stdout")"
done
for entry in mallory .sneaky dangling; do
	grep -qxF "$entry: not graded: a symbolic link, not a directory: a submission is a directory of its own" "$TMP/stdout" &&
		[ ! -e "$TMP/out/$entry" ] && ok "the link $entry is named, not graded" || fail "$entry: $(cat "$TMP/stdout")"
done
grep -qxF "notes.txt: not graded: not a directory" "$TMP/stdout" && ok "a plain file of the class is named" ||
	fail "notes.txt: $(cat "$TMP/stdout")"
entries=$(find "$class" -mindepth 1 -maxdepth 1 -printf x | wc -c)
[ "$(wc -l < "$TMP/stdout")" -eq "$entries" ] && ok "one stdout line for each of the $entries entries" ||
	fail "$entries entries: $(cat "$TMP/stdout")"
grep -q '^bob' "$TMP/stdout" && fail "a directory's name forged a line: $(cat "$TMP/stdout")" ||
	ok "a newline in a directory's name forges no line"
grep -qxF 'evil?bob: Points 1/1' "$TMP/stdout" && ok "a control character in a name is shown as ?" ||
	fail "evil/bob: $(cat "$TMP/stdout")"
[ "$(find "$TMP/out" -name clings.json -printf x | wc -c)" -eq 11 ] && ok "the 11 directories have results" ||
	fail "results: $(ls -a "$TMP/out")"

# What a student reads holds no grader's path (clings.json's "submission" and the shard's record,
# clings-shard-I-of-N.json, are the grader's own).
if grep -rlF -e "$TMP" -e "$course" "$TMP/out" --exclude=clings.json --exclude='clings-shard-*.json' > "$TMP/leaks"; then
	fail "a grader's path in $(cat "$TMP/leaks")"
else
	ok "no grader's path in the results students read"
fi
jq -e '[.exercises[].file, .exercises[].message] | map(select(contains("/tmp") or startswith("/"))) | length == 0' \
	"$TMP"/out/*/clings.json > /dev/null && ok "clings.json names files relative to the submission" ||
	fail "clings.json: a path"

# The seed hashes the bytes read: a link to the solution seeds as no file would, never as the
# solution's bytes do.
[ "$(jq -r .seed "$TMP/out/to_solutions/clings.json")" != "$(jq -r .seed "$TMP/out/alice/clings.json")" ] &&
	ok "a link to a right kernel does not seed as the kernel does" || fail "to_solutions seeds as alice"

# One submission, through Gradescope's entry point: its exercises directory a link to the
# course's solutions (every exercise of the course, no check runs).
root="$TMP/gs"
mkdir -p "$root/submission"
ln -s "$course/solutions" "$root/submission/exercises"
AUTOGRADER_ROOT="$root" timeout 120 grading/gradescope/run_autograder > /dev/null 2>&1 &&
	ok "run_autograder exits 0" || fail "run_autograder"
[ "$(jq -r .score "$root/results/results.json")" = 0 ] && ok "run_autograder: the linked solutions score 0" ||
	fail "run_autograder: $(jq -c '[.score, .tests[0].output]' "$root/results/results.json")"
jq -e '[.tests[] | select(.status != "failed" or (.output | contains("exercises is a symbolic link") | not))] | length == 0' \
	"$root/results/results.json" > /dev/null && ok "run_autograder: every exercise names the link" ||
	fail "run_autograder: $(jq -c '.tests[0]' "$root/results/results.json")"
exit 0
