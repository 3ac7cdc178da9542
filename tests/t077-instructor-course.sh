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
exit 0
