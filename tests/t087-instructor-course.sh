# A course written as a host program would launch it (tests/fixtures/instructor): a float step
# of 1.0 / nsteps, local = auto, restrict, tolerance.abs, a [derive] pi, a board read from data/
# and 150 host-loop passes. It validates green; a learner's result that misses the derived
# value is told so, a reference that misses it is the course's error, and a bad data file or
# expression is refused at its line.
. tests/lib.sh
C="$TMP/instructor"
cp -r tests/fixtures/instructor "$C"
out=$("$CLINGS" --course "$C" validate 2>&1) && printf '%s' "$out" | grep -q '3 exercises, 13 steps, 0 problems' &&
	ok "the instructor course validates green" || fail "validate: $out"
printf '%s' "$out" | grep -q 'life .*wrong/life/no_wrap.cl .*ok: wrong_result' &&
	ok "a board that does not wrap is caught (150 passes from data/glider.txt)" || fail "life: $out"

out=$("$CLINGS" --course "$C" check life --file "$C/wrong/life/no_wrap.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'pass 53 of 150: next at (row 0, column 14)' &&
	ok "the 53rd of 150 generations is named" || fail "life message: $out"

# the pi check, its partial sums compared loosely: the derived value decides
sed -i 's/^tolerance.abs = 1e-4$/tolerance = 1/' "$C/checks/pi.ini"
out=$("$CLINGS" --course "$C" check pi --file "$C/wrong/pi/left_edges.cl" --no-analysis --json)
printf '%s' "$out" | jq -r .message | grep -q '^Test small groups=4 wg=16 niters=8: pi = step_size \* sum(partial_sums), computed from your outputs, is 3.1435[0-9]*; expected 3.14159265' &&
	ok "a derived value that misses names itself, what it is and what it should be" ||
	fail "derive: $out"
[ "$(printf '%s' "$out" | jq -r '.facts.derived + " " + .verdict')" = "pi wrong_result" ] &&
	ok "its facts name the derived value" || fail "derive facts: $out"
out=$("$CLINGS" --lang pt-BR --course "$C" check pi --file "$C/wrong/pi/left_edges.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'calculado a partir das suas saídas' && ok "in Portuguese too" || fail "pt-BR: $out"
sed -i 's/^expect = 3.14159265358979$/expect = 3.0/' "$C/checks/pi.ini"
out=$("$CLINGS" --course "$C" check pi --file "$C/solutions/pi.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] &&
	printf '%s' "$out" | jq -r .message | grep -q 'the reference solution misses \[derive pi\] on test small' &&
	ok "a reference that misses the derived value is the course's error" || fail "reference: $out"

# a reference that does not finish is the course's, named with its test and the key to raise;
# nothing else of the exercise runs in validate
S="$TMP/slow"
cp -r tests/fixtures/instructor "$S"
sed -i 's/^kernel = life$/kernel = life\ntime_limit_ms = 200/' "$S/checks/life.ini"
# a solution far too slow for its tests: every cell spins
sed -i 's|^\tuchar self = board\[y \* n + x\];$|\tfor (uint k = 0; k < 100000000u; k++)\n\t\talive = alive * 1664525u + 1013904223u + board[k % n];\n\tuchar self = board[y * n + x];|' "$S/solutions/life.cl"
grep -q 100000000u "$S/solutions/life.cl" || fail "the slow solution was not made"
out=$("$CLINGS" --course "$S" check life --file "$S/wrong/life/no_wrap.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] && printf '%s' "$out" | jq -r .message |
	grep -q "^the reference solution did not finish test glider n=16 gen=1 within [0-9]* ms (at least 10 x the check's time_limit_ms of 200): .*raise time_limit_ms in \\[check\\] of checks/life.ini" &&
	ok "a reference that does not finish names its test and time_limit_ms" || fail "slow reference: $out"
out=$("$CLINGS" --course "$S" validate life 2>&1)
printf '%s' "$out" | grep -q 'life .*kernels .*not run' && ! printf '%s' "$out" | grep -q 'wrong/life/no_wrap' &&
	printf '%s' "$out" | grep -q 'the reference solution did not finish test glider' &&
	ok "validate names the limit and runs no wrong kernel after a solution that does not finish" ||
	fail "slow validate: $out"

# refused at their lines
printf '0 1 x\n' > "$C/data/glider.txt"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:9: init: data/glider.txt, line 1: 'x' is not a number for uchar" &&
	ok "a data file with a bad number is refused at the init line" || fail "bad data: $out"
sed -i 's|^init = file(glider.txt)$|init = file(../checks/life.ini)|' "$C/checks/life.ini"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:9: init: file(../checks/life.ini): name a file under the course's data/" &&
	ok "a data file outside data/ is refused" || fail "outside: $out"
sed -i 's|^value = 1.0 / nsteps$|value = 1.0 / nstep|' "$C/checks/pi.ini"
out=$("$CLINGS" --course "$C" validate --quick pi 2>&1)
printf '%s' "$out" | grep -q "checks/pi.ini:17: value of 'step_size' in test 'small groups=4 wg=16 niters=8': unknown name 'nstep'" &&
	ok "a float expression with an unknown name is refused at its line" || fail "float: $out"

# watched: a save after the first check goes to the waiting standby child, which cannot open
# data/: a check with inputs from data/ starts a cold child instead, and the board is there
. tests/lib-watch.sh
W="$TMP/watched"
cp -r tests/fixtures/instructor "$W"
sed -i 's/^order = 30$/order = 5/' "$W/exercises/life.ini"
out="$TMP/watch-out"
start_watch "$W" "$out"
wait_checks "$out" 1 life
cat "$W/solutions/life.cl" > "$W/exercises/life.cl"
wait_checks "$out" 2 life
stop_watch
grep -E '^life: (PASS|FAIL)' "$out" | tail -n 1 | grep -q PASS &&
	ok "watched, the solution of a check with a data file passes" || fail "watch: $(cat "$out")"
exit 0
