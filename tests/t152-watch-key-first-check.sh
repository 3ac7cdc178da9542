# A new learner presses a key while the tutorial's first check runs (the progress is new, so the
# tutorial checks from the first exercise on until one fails): the key stops that check, which
# has no verdict, and the tutorial stays at the first exercise. It used to take the stopped check
# for a pass and move on to the next exercise, and the next, until the course ran out.
. tests/lib.sh
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
tui_start "$CLINGS --course $TMP/course"
wait_for 'Checking copy'
keys L
wait_for 'The course: 0 of 2 passed' 60
screen | grep -Eq '1 +open +Copy a buffer +copy +<- current' && ok "a key during the first check leaves the learner at the first exercise" ||
	fail "the first check, stopped by a key, moved the learner on: $(screen)"
screen | grep -q skipped && fail "an exercise is marked skipped after a stopped check: $(screen)" ||
	ok "no exercise is skipped by a stopped check"
keys q
wait_for 'clings +1\. Copy a buffer'
wait_for 'check 1 at' 60
ok "the stopped check runs again at the same exercise"
