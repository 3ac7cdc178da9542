# A [repeat] loop is followed to its end by every load of its check, as by validate and prepare:
# a loop without end (its while still holding after 2 s of processor time) is the check file's
# error at its while line, and an expression that fails on a later pass at its own line; never
# the learner's verdict, and never after the reference has run into ten times the check's limit.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
life="$C/checks/life.ini"
sed -i -e 's/^kernel = life$/kernel = life\ntime_limit_ms = 200/' \
	-e 's/^while = gen < 150$/while = gen > 0\ncompare = last/' "$life"
line=$(grep -n '^while = gen > 0$' "$life" | cut -d: -f1)
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json 2> "$TMP/err")
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] &&
	grep -q "checks/life.ini:$line: \\[repeat\\] while still holds after [0-9]* passes" "$TMP/err" &&
	ok "a loop without end in a check is the check file's error at its while line" || fail "solution: $out $(cat "$TMP/err")"
out=$("$CLINGS" --course "$C" check life --file "$C/wrong/life/no_wrap.cl" --no-analysis --json 2>/dev/null)
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] &&
	ok "and with a wrong kernel too, never its verdict" || fail "no_wrap: $out"
out=$("$CLINGS" --course "$C" prepare life 2>&1) && fail "prepare accepted it: $out"
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] while still holds after [0-9]* passes of test 'glider n=16 gen=1'" &&
	ok "prepare refuses it at its while line" || fail "prepare: $out"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:$line: \\[repeat\\] while still holds" &&
	ok "validate refuses it at its while line" || fail "validate: $out"

# a [let] that divides by zero on pass 100
sed -i -e 's/^time_limit_ms = 200$/time_limit_ms = 4000/' -e 's/^while = gen > 0$/while = gen < 150/' "$life"
printf '[let]\nrest = 1 / (100 - gen)\n' >> "$life"
line=$(grep -n '^rest = ' "$life" | cut -d: -f1)   # the expression's own line, not its loop's
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json 2> "$TMP/err")
[ "$(printf '%s' "$out" | jq -r .verdict)" = error ] &&
	grep -q "checks/life.ini:$line: \\[let\\] rest: division by zero (for pass 100 of test 'glider n=16 gen=1')" "$TMP/err" &&
	ok "an expression that fails on a later pass is the check file's error, at its own line, its pass named" || fail "later pass: $out $(cat "$TMP/err")"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q "checks/life.ini:$line: .*rest" &&
	ok "validate names it" || fail "validate later pass: $out"
# an assignment of [repeat] that divides by zero on pass 50: at its own line in [repeat]
sed -i -e '/^\[let\]$/,$d' -e 's|^gen = gen + 1$|gen = gen + 1 + 0 / (49 - gen)|' "$life"
line=$(grep -n '^gen = gen + 1 + 0' "$life" | cut -d: -f1)
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
[ -n "$line" ] && printf '%s' "$out" | tr -d '\n' | grep -q "checks/life.ini:$line: \\[repeat\\] gen: division by zero" &&
	ok "an assignment of [repeat] that fails on a later pass: at its own line" || fail "repeat set: $line $out"
exit 0
