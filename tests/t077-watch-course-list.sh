# Moving through the course in tmux, as in rustlings: the course list (L) with each exercise's
# state, a jump to one and a reset of one; the check of every exercise (A); the reference solution
# (s) refused before a pass and shown after it; a skip, then p back to the skipped exercise; and
# `clings check` with no name, which checks the current exercise. In Portuguese the reset asks
# "(s/N)" and s resets.
. tests/lib.sh
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
copy="$course/exercises/copy.cl" scale="$course/exercises/scale.cl"
cp "$scale" "$TMP/scale-stub.cl"
printf 'SOLUTION-NOTES-MARKER: why this solution is written so.\n' > "$course/lessons/en/scale.solution.md"

tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60

# s before a pass: refused, and no solution on screen
keys s
wait_for 'opens once your kernel passes'
screen | grep -q 'get_global_id' && screen | grep -q 'Solution of' && fail "s showed the solution before a pass" ||
	ok "s before a pass is refused with a message"

# L: the list, the current one marked; j and Enter open the second
keys L
wait_for 'The course: 0 of 2 passed'
screen | grep -Eq '1 +open +Copy a buffer +copy +<- current' && ok "L lists the course, the current exercise marked" ||
	fail "list: $(screen)"
screen | grep -Eq '2 +open +Scale a buffer +scale *$' && ok "an exercise not reached yet is open" || fail "list: $(screen)"
keys j Enter
wait_for '2\. Scale a buffer'
wait_for 'check 2 at' 60
ok "Enter in the list opens the exercise under the cursor"

# The first is now skipped; reset it from the list, after a question
echo "// learner work on copy" >> "$copy"
keys L
wait_for 'The course:'
screen | grep -Eq '1 +skipped +Copy a buffer' && ok "the exercise left without a pass is skipped in the list" ||
	fail "list after a skip: $(screen)"
keys k x
wait_for 'Reset .*copy.cl to the stub\? \(y/N\)'
keys y
wait_for 'Your version is kept in'
grep -q 'learner work on copy' "$copy" && fail "the list's reset left the file" || ok "x in the list resets the exercise under the cursor"
grep -q 'learner work on copy' "$copy.bak" && ok "and keeps the learner's version in a .bak" || fail "no .bak of copy.cl"
screen | grep -q 'The course:' && ok "after the reset the list stays open" || fail "the list closed: $(screen)"
keys q
wait_for '2\. Scale a buffer'

# A pass: s shows the solution and its notes
cp "$course/solutions/scale.cl" "$scale"
wait_for 'Passed' 60
keys s
wait_for 'Solution of scale'
wait_for 'data\[i\] \*= factor'
wait_for 'SOLUTION-NOTES-MARKER'
ok "s after a pass shows the reference solution and its notes"
keys q

# The last exercise passed with the first still open: n says so, p goes to the skipped one
keys n
wait_for '1 you skipped is still open: p goes back'
keys p
wait_for '1\. Copy a buffer'
ok "after '1 you skipped is still open', p goes to the skipped exercise"

# A: every exercise checked (scale too, which is not open, changed behind the watcher's back),
# each verdict recorded, and the list shows their states
grep -A4 '^name = scale$' "$(state_file "$course")" | grep -q '^last = pass$' || fail "scale's pass not recorded: $(cat "$(state_file "$course")")"
cp "$TMP/scale-stub.cl" "$scale"
keys A
wait_for 'Every exercise checked: 0 of 2 pass' 120
screen | grep -Eq '1 +open +Copy a buffer +copy +<- current +\(last: Wrong result\)' &&
	screen | grep -Eq '2 +passed +Scale a buffer' && ok "A checks every exercise and shows the list with their states" ||
	fail "after A: $(screen)"
grep -A4 '^name = scale$' "$(state_file "$course")" | grep -q '^last = wrong_result$' &&
	ok "A records the verdict of an exercise that is not open" || fail "state after A: $(cat "$(state_file "$course")")"
keys q q
wait_for 'CLINGS-EXIT=0'

# clings check with no name: the current exercise (copy, which fails; then scale, which passes)
$CLINGS --course "$course" check > "$TMP/out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q 'copy' "$TMP/out" && ok "clings check with no name checks the current exercise (copy: exit 1)" ||
	fail "check with no name: exit $rc: $(cat "$TMP/out")"
cp "$course/solutions/scale.cl" "$scale"
printf '[clings]\nversion = 1\ncurrent = scale\n' > "$(state_file "$course")"
$CLINGS --course "$course" check > "$TMP/out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q 'scale passes' "$TMP/out" && ok "and follows the current exercise (scale: exit 0)" ||
	fail "check with no name on scale: exit $rc: $(cat "$TMP/out")"

# Portuguese: the reset asks (s/N), and s is yes
echo "// trabalho" >> "$scale"
tui_start "$CLINGS --lang pt-BR --course $course"
wait_for 'verificação 1 às' 60
keys x
wait_for '\(s/N\)'
screen | grep -q '(y/N)' && fail "the Portuguese prompt says (y/N)" || ok "in Portuguese the reset asks (s/N)"
keys s
wait_for 'guardada em'
grep -q 'trabalho' "$scale" && fail "s did not reset in Portuguese" || ok "s answers yes in Portuguese"
keys q
wait_for 'CLINGS-EXIT=0'
exit 0
