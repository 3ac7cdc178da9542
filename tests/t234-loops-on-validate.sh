# A check's load (every save) follows a [repeat] loop's first passes only; that a loop ends, and
# what its later passes evaluate, is proved by validate and prepare at the check file's line. A
# loop without end that reaches a check anyway is the reference solution's timeout, the course's
# error, for the solution and for a wrong kernel alike; an expression that fails on a later pass
# is the check file's error from the runs. Never the learner's verdict. (The reference's
# message names its time limit, or, on a machine that starved it, the machine.)
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
life="$C/checks/life.ini"
sed -i -e 's/^kernel = life$/kernel = life\ntime_limit_ms = 200/' \
	-e 's/^while = gen < 150$/while = gen > 0\ncompare = last/' "$life"
line=$(grep -n '^while = gen > 0$' "$life" | cut -d: -f1)
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] &&
	printf '%s' "$out" | jq -r .message | grep -q '^the reference solution did not finish' &&
	ok "a loop without end in a check is the reference's timeout, clings' error" || fail "solution: $out"
out=$("$CLINGS" --course "$C" check life --file "$C/wrong/life/no_wrap.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] &&
	ok "and a wrong kernel's too, never its verdict" || fail "no_wrap: $out"
out=$("$CLINGS" --course "$C" prepare life 2>&1) && fail "prepare accepted it: $out"
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] while still holds after [0-9]* passes of test 'glider n=16 gen=1'" &&
	ok "prepare refuses it at its while line" || fail "prepare: $out"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] while still holds" &&
	ok "validate refuses it at its while line" || fail "validate: $out"

# a [let] that divides by zero on pass 100: past what a load follows
sed -i -e 's/^time_limit_ms = 200$/time_limit_ms = 4000/' -e 's/^while = gen > 0$/while = gen < 150/' "$life"
printf '[let]\nrest = 1 / (100 - gen)\n' >> "$life"
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] &&
	printf '%s' "$out" | jq -r .message | grep -q 'checks/life.ini: \[let\] rest: division by zero (test glider n=16 gen=1, after pass 99)$' &&
	ok "an expression that fails on a later pass is the check file's error from the runs" || fail "later pass: $out"
line=$(grep -n '^rest = ' "$life" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:[0-9]*: .*rest" &&
	ok "validate names it" || fail "validate later pass: $out"
exit 0
