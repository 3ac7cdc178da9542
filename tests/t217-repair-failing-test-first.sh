# Each of the repair's candidates is run on the learner's failing test first, alone, and on every
# test only when it passes that one (issue 42: "run on the failing test first, then on every
# test"): a candidate that fails it costs one test. Read from the search's trace
# (CLINGS_REPAIR_TRACE: one line a check of a candidate); the repair found still passes every
# test, with the analysis clean.
. tests/lib.sh
unset CLINGS_REPAIR   # the search is this test's subject
f=wrong/scale/local_id.cl   # get_local_id for get_global_id: wrong from the second work-group on
json=$(CLINGS_REPAIR_TRACE=1 "$CLINGS" check scale --file "$f" --json 2>"$TMP/trace")
first=$(grep -m1 '^repair: ' "$TMP/trace")
case $first in
*"'get_local_id' -> 'get_global_id' on the failing test: pass"*) ok "the candidate is run on the failing test first" ;;
*) fail "first check of the candidate: $first ($(cat "$TMP/trace"))" ;;
esac
grep -q "^repair: global_local_id line 7 col 13 'get_local_id' -> 'get_global_id': pass" "$TMP/trace" &&
	ok "having passed it, on every test" || fail "no run on every test: $(cat "$TMP/trace")"
printf '%s' "$json" | jq -e '.repair | .found and .rule == "global_local_id" and .tests > 1 and .tests == .tests_passed and
	.analysis_clean' > /dev/null && ok "the repair passes every test, the analysis clean" ||
	fail "repair: $(printf '%s' "$json" | jq -c .repair)"

# reduce_max's maximum from zero: the candidates before the repair fail the failing test, and are
# not run on the others. The zero is a macro over a variable (START, 0.0f * W), which libclang does
# not evaluate, so the initialiser is not tried first (a constant 0.0f is: t210) and candidates
# that fail come before it, as in t168.
f=tests/fixtures/search/init_wrong_opaque.cl   # init_wrong.cl with its zero as START
CLINGS_REPAIR_TRACE=1 "$CLINGS" check reduce_max --file "$f" --json > "$TMP/json2" 2>"$TMP/trace2"
# one line a check: an edit's text that spans lines (a barrier moved) is joined to its line
awk 'function judge(l) {
	if (l == "" || l ~ /with the analysis/) return
	failing = l ~ / on the failing test: /
	if (failing && l !~ /: pass \(/) { rejected++; pending = 0 }
	else if (failing) pending = 1
	else if (!pending) bad++   # a run on every test that did not pass the failing one first
	else pending = 0
}
/^repair: / { judge(line); line = $0; next }
{ line = line " " $0 }
END { judge(line); print rejected + 0, bad + 0 }' "$TMP/trace2" > "$TMP/counts"
read -r rejected bad < "$TMP/counts"
[ "$rejected" -ge 1 ] && [ "$bad" = 0 ] &&
	ok "$rejected candidates failed the failing test and went no further; none ran every test first" ||
	fail "rejected $rejected, on every test without the failing one first $bad: $(cat "$TMP/trace2")"
exit 0
