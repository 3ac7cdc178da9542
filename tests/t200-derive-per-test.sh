# [derive NAME] scoped to some tests (test = NAME, ...) with a tolerance that is an expression
# over the test's values: a live-cell count checked in one test of a life board, a pi whose
# tolerance shrinks with its steps. A parameter only [derive] reads stays out of the test names
# the learner reads; a test that is not there, or a tolerance that comes out negative, is
# refused at its line.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
# life: the glider test alone counts its live cells (8: a glider and a blinker), from a
# parameter no kernel sees; the empty board has none and is no concern of the count
sed -i 's/^gen = 1$/gen = 1\ncells = 8/' "$C/checks/life.ini"
cat >> "$C/checks/life.ini" <<'INI'

[test empty]
n = 16
gen = 1
init.board = const(0)

[derive live]
value = count(next)
expect = cells
test = glider
INI
out=$("$CLINGS" --course "$C" validate --quick life 2>&1) && printf '%s' "$out" | grep -q '0 problems' &&
	ok "a [derive] scoped to one test validates" || fail "validate: $out"
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r '.verdict')" = pass ] &&
	ok "the solution meets the count in its test, and the empty board is not held to it" ||
	fail "life: $out"
[ "$(printf '%s' "$out" | jq -r '[.tests[].name] | join(",")')" = "glider n=16 gen=1,empty n=16 gen=1" ] &&
	ok "a parameter only [derive] reads is not in the test names" || fail "names: $out"
sed -i 's/^cells = 8$/cells = 7/' "$C/checks/life.ini"
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json)
printf '%s' "$out" | jq -r .message |
	grep -q 'the reference solution misses \[derive live\] on test glider n=16 gen=1: count(next) is 8, expected 7' &&
	ok "the count is checked where it is scoped" || fail "count: $out"

# pi: the derived value in the large tests only, within half a step (an expression of the
# test's values); the left-edge rule misses it by a whole step, which a fixed 1e-3 would pass
sed -i 's/^tolerance.abs = 1e-4$/tolerance = 1/; s/^tolerance.abs = 1e-3$/tolerance.abs = 0.5 \/ nsteps\ntest = large/' \
	"$C/checks/pi.ini"
out=$("$CLINGS" --course "$C" validate --quick pi 2>&1) && printf '%s' "$out" | grep -q '0 problems' &&
	ok "a tolerance expression validates" || fail "validate pi: $out"
out=$("$CLINGS" --course "$C" check pi --file "$C/solutions/pi.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = pass ] && ok "the solution is within half a step" ||
	fail "pi solution: $out"
out=$("$CLINGS" --course "$C" check pi --file "$C/wrong/pi/left_edges.cl" --no-analysis --json)
printf '%s' "$out" | jq -r .message |
	grep -q '^Test large groups=16 wg=64 niters=16: pi = step_size \* sum(partial_sums), computed from your outputs, is 3.1416[0-9]*; expected 3.14159265' &&
	ok "the left-edge rule misses it in the first large test, the small one not held to it" ||
	fail "left edges: $out"

# refused at their lines
sed -i 's/^test = large$/test = larger/' "$C/checks/pi.ini"
line=$(grep -n '^test = larger$' "$C/checks/pi.ini" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick pi 2>&1)
printf '%s' "$out" | grep -q "checks/pi.ini:$line: \\[derive pi\\] test: no \\[test larger\\] section" &&
	ok "a test that is not there is refused at its line" || fail "unknown test: $out"
sed -i 's/^test = larger$/test = small, large/; s|^tolerance.abs = 0.5 / nsteps$|tolerance.abs = 1e-3 - 0.01 / niters|' \
	"$C/checks/pi.ini"
line=$(grep -n '^tolerance.abs = 1e-3' "$C/checks/pi.ini" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick pi 2>&1)
printf '%s' "$out" | grep -q "checks/pi.ini:$line: \\[derive pi\\] tolerance.abs: 1e-3 - 0.01 / niters is -0.00025; a tolerance is not negative" &&
	ok "a tolerance that comes out negative is refused at its line" || fail "negative: $out"
exit 0
