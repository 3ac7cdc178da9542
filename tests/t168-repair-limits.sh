# The repair's search keeps to what it is for (engine/repair.h): the stub as the course ships it
# (or a file of the same bytes) is never searched, an edited one is; a candidate that never ends
# is stopped at a limit of its own, from the learner's own tests' time, and
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
# reduce_max with a maximum that starts from zero: `s >= 0` on its unsigned loop is a candidate
# that never ends, tried before the identity that repairs it. The zero is a macro over a variable
# (START, 0.0f * W), a value libclang does not evaluate, so nothing ties the wrong element's 0 to
# it and the search takes the loop's candidates first (a constant 0.0f is tried first: t210).
# Its limit is its own (ten times the learner's own tests' time, at least a second, at most the
# check's; how much below the check's depends on the machine's load, so only its presence and
# its bound are asserted).
f=tests/fixtures/search/init_wrong_opaque.cl   # init_wrong.cl with its zero as START
json=$(CLINGS_REPAIR_TRACE=1 "$CLINGS" check reduce_max --file "$f" --json 2>"$TMP/trace")
limit=$(sed -n "s/^repair: cmp_loosen line 18 col 25 '>' -> '>='\( on the failing test\)\{0,1\}: timeout (.*, limit \([0-9]*\) ms)\$/\2/p" "$TMP/trace" | head -n 1)
[ -n "$limit" ] && [ "$limit" -ge 1000 ] &&
	ok "the candidate that never ends is stopped at a limit of its own ($limit ms)" ||
	fail "no candidate limit: $(cat "$TMP/trace")"
[ "$(printf '%s' "$json" | jq -r '[.repair.found, .repair.rule] | @tsv')" = "$(printf 'true\tinit_wrong')" ] &&
	ok "the search goes on past it to the repair" || fail "after the timeout: $(printf '%s' "$json" | jq -c .repair)"
exit 0
