# The repair's search keeps to what it is for (engine/repair.h): the stub as the course ships it
# (or a file of the same bytes) is never searched, an edited one is; a candidate that never ends
# is stopped at a limit of its own, from the learner's own tests' time, below the check's, and
# the search goes on to the repair after it.
. tests/lib.sh
unset CLINGS_REPAIR   # the repair is this test's subject
json=$("$CLINGS" check scale --json 2>"$TMP/err")
[ "$(printf '%s' "$json" | jq -c '[.verdict, .repair]')" = '["wrong_result",null]' ] &&
	ok "the stub as shipped: its verdict, no search" || fail "stub searched: $(printf '%s' "$json" | jq -c .repair) $(cat "$TMP/err")"
cp exercises/scale.cl "$TMP/same.cl"
json=$("$CLINGS" check scale --file "$TMP/same.cl" --json 2>"$TMP/err")
[ "$(printf '%s' "$json" | jq -c .repair)" = null ] &&
	ok "another file of the stub's bytes: no search" || fail "a copy of the stub searched: $(printf '%s' "$json" | jq -c .repair)"
printf '// mine\n' >> "$TMP/same.cl"
json=$("$CLINGS" check scale --file "$TMP/same.cl" --json 2>"$TMP/err")
[ "$(printf '%s' "$json" | jq -r '.repair.found')" = false ] &&
	ok "the stub edited by a byte: searched" || fail "edited stub: $(printf '%s' "$json" | jq -c .repair) $(cat "$TMP/err")"
# reduce_max's uninitialised maximum: `s >= 0` on its unsigned loop is a candidate that never
# ends, tried before the initialiser that repairs it.
f=tests/fixtures/repair/init_missing.cl
json=$(CLINGS_REPAIR_TRACE=1 "$CLINGS" check reduce_max --file "$f" --json 2>"$TMP/trace")
limit=$(sed -n "s/^repair: cmp_loosen line 17 col 25 '>' -> '>=': timeout (.*, limit \([0-9]*\) ms)\$/\1/p" "$TMP/trace")
check_ms=$(sed -n 's/^time_limit_ms *= *//p' checks/reduce_max.ini)
[ -n "$limit" ] && [ "$limit" -lt "${check_ms:-4000}" ] &&
	ok "the candidate that never ends is stopped at its own limit ($limit ms, the check's ${check_ms:-4000})" ||
	fail "no candidate limit: $(cat "$TMP/trace")"
[ "$(printf '%s' "$json" | jq -r '[.repair.found, .repair.rule] | @tsv')" = "$(printf 'true\tinit_missing')" ] &&
	ok "the search goes on past it to the repair" || fail "after the timeout: $(printf '%s' "$json" | jq -c .repair)"
exit 0
