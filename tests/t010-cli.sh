# The command line: exit statuses, JSON fields, list order, prefixes, validate.
. tests/lib.sh
$CLINGS check no_such_exercise >/dev/null 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && ok "an unknown exercise exits 2" || fail "unknown exercise: exit $rc, want 2"
grep -q "no exercise named 'no_such_exercise'" "$TMP/err" && ok "an unknown exercise is named in the error" ||
	fail "unknown exercise: $(cat "$TMP/err")"

$CLINGS check memory_4 --file "$TMP/missing.cl" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "an unreadable --file exits 2" || fail "unreadable file: exit $rc, want 2"

$CLINGS frobnicate >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "an unknown command exits 2" || fail "unknown command: exit $rc, want 2"

out=$($CLINGS check memory_4 --file solutions/memory_4.cl --json); rc=$?
[ $rc -eq 0 ] && ok "the solution's check exits 0" || fail "solution: exit $rc"
for key in exercise status verdict message location device tests; do
	printf '%s' "$out" | grep -q "\"$key\": " && ok "the JSON report has '$key'" || fail "JSON has no '$key': $out"
done
printf '%s' "$out" | grep -q '"status": "pass", "verdict": "pass"' && ok "the solution's JSON status and verdict are pass" ||
	fail "JSON status: $out"

out=$($CLINGS check memory_4 --file exercises/memory_4.cl --json); rc=$?
[ $rc -eq 1 ] && ok "the stub's check exits 1" || fail "stub: exit $rc, want 1"
printf '%s' "$out" | grep -q '"status": "fail"' && ok "the stub's JSON status is fail" || fail "stub JSON: $out"

# A unique prefix names an exercise; the command too.
$CLINGS ch memory --file solutions/memory_4.cl >/dev/null && ok "unique prefixes name the command and the exercise" ||
	fail "prefixes are not accepted"

# list: course order, one line per exercise
$CLINGS list > "$TMP/list" && ok "list exits 0" || fail "list failed"
n=$(ls exercises/*.ini | wc -l)
[ "$(grep -c '^ *[0-9]*  ' "$TMP/list")" -eq "$n" ] && ok "list shows one line for each of the $n exercises" ||
	fail "list shows $(grep -c '^ *[0-9]*  ' "$TMP/list") of $n exercises"
grep -n memory_4 "$TMP/list" >/dev/null && ok "list names memory_4" || fail "memory_4 not listed"

$CLINGS validate --quick >/dev/null && ok "validate finds the bundled course sound" ||
	fail "validate finds problems in the bundled course: $($CLINGS validate --quick 2>&1)"
exit 0
