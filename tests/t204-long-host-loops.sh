# A [repeat] loop is bounded by processor time, not by a count of passes: 10,000 generations of
# the instructor course's life board validate and run (4096 was the most before), and a loop
# whose while never fails is refused at its line once following it has taken validate's
# processor-time budget, never a hang.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
sed -i 's/^while = gen < 150$/while = gen < 10000/' "$C/checks/life.ini"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1) && printf '%s' "$out" | grep -q '0 problems' &&
	ok "a loop of 10,000 passes validates" || fail "validate: $out"
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = pass ] && ok "the solution passes all 10,000" || fail "solution: $out"
out=$("$CLINGS" --course "$C" check life --file "$C/wrong/life/no_wrap.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'pass 53 of 10000: next at (row 0, column 14)' &&
	ok "a board that does not wrap is named at its pass of 10,000" || fail "no_wrap: $out"
# (comparing only the last pass: comparing each, the loop reaches a run's cap on its results first)
sed -i 's/^while = gen < 10000$/while = gen > 0\ncompare = last/' "$C/checks/life.ini"
line=$(grep -n '^while = gen > 0$' "$C/checks/life.ini" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] while still holds after [0-9]* passes of test 'glider n=16 gen=1' (2000 ms of processor time following them): a loop that runs longer is taken for one without end" &&
	ok "a loop without end is refused at its while line, after a processor-time budget" || fail "endless: $out"
exit 0
