# Tests wait on events, not on time: scripts/check-sleeps passes on tests/ as it is, and refuses a
# fixed sleep planted in a copy (at the top of a script, in a loop that waits for nothing, in a
# loop with no deadline), naming its file and line; a poll with a deadline and a sleep that says
# why (# check-sleeps: WHY) pass.
. tests/lib.sh
check "tests/ waits on events" scripts/check-sleeps
mkdir -p "$TMP/s/scripts"
cp -r tests "$TMP/s/"
cp scripts/check-sleeps "$TMP/s/scripts/"
out=$("$TMP/s/scripts/check-sleeps" 2>&1) && ok "the copy passes as tests/ does" || fail "the copy: $out"

t="$TMP/s/tests/t999-planted.sh"
cat > "$t" <<'SH'
. tests/lib.sh
./clings watch &
sleep 1
for i in 1 2 3; do echo $i; sleep 0.1; done
while kill -0 $! 2>/dev/null; do [ -s out ] && break; sleep 0.1; done
for _ in $(seq 50); do [ -s out ] && break; sleep 0.1; done
deadline=$(( $(date +%s) + 5 )); while [ "$(date +%s)" -lt "$deadline" ]; do grep -q x out && return 0; sleep 0.02; done
for i in 1 2; do echo $i; sleep 0.03   # check-sleeps: paces the writes
done
echo "sleep 9 in a string is no sleep"; printf '%s\n' 'sleep 9'
SH
out=$("$TMP/s/scripts/check-sleeps" 2>&1) && fail "planted fixed sleeps passed" || ok "check-sleeps refuses planted fixed sleeps"
printf '%s' "$out" | grep -q 'tests/t999-planted.sh:3: a fixed sleep' &&
	ok "a sleep at the top of a script is named at its line" || fail "line 3: $out"
printf '%s' "$out" | grep -q 'tests/t999-planted.sh:4: a fixed sleep' &&
	ok "a sleep in a loop that waits for nothing is named" || fail "line 4: $out"
printf '%s' "$out" | grep -q 'tests/t999-planted.sh:5: a fixed sleep' &&
	ok "a poll without a deadline is named" || fail "line 5: $out"
printf '%s' "$out" | grep -Eq 'tests/t999-planted.sh:(6|7|8|9|10):' &&
	fail "a poll with a deadline, a named sleep or a quoted one was refused: $out" ||
	ok "polls with a deadline, a sleep that says why and quoted text pass"
[ "$(printf '%s\n' "$out" | grep -c .)" -eq 3 ] && ok "nothing else is refused" || fail "more than the 3 planted: $out"
exit 0
