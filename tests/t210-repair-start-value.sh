# The search's order by evidence (engine/repair/repair.c): a wrong result whose first wrong
# element holds, as it is, the value an accumulator starts from (libclang evaluates its
# initialiser, a macro's too: KF_VALUE) tries that initialiser's rewrites first. The course's
# int_min_identity (a maximum that starts from (float)INT_MIN, written as a macro) is so repaired
# within the learner's own budget (REPAIR_CPU_SECONDS, the default of `clings check`), where the
# verdict's line ordering spent the budget on the barriers and the guards near the output's store
# and gave up; the repair proves identity_wrong.
. tests/lib.sh
unset CLINGS_REPAIR   # the search is this test's subject
f=wrong/reduce_max/int_min_identity.cl
json=$("$CLINGS" check reduce_max --file "$f" --json 2>"$TMP/err")
got=$(printf '%s' "$json" | jq -r '[.verdict, .repair.found, .repair.exhausted, .repair.rule, .repair.line,
	.repair.after, .repair.tests == .repair.tests_passed, .repair.analysis_clean] | @tsv')
[ "$got" = "$(printf 'wrong_result\ttrue\tfalse\tinit_wrong\t12\t-INFINITY\ttrue\ttrue')" ] &&
	ok "int_min_identity: repaired within the learner's budget, at its initialiser" ||
	fail "int_min_identity: $got $(printf '%s' "$json" | jq -c .repair) $(cat "$TMP/err")"
printf '%s' "$json" | jq -e '.repair.tried <= 4' > /dev/null &&
	ok "int_min_identity: the initialiser's rewrites come first" ||
	fail "int_min_identity: tried $(printf '%s' "$json" | jq -c .repair)"
[ "$(printf '%s' "$json" | jq -r '.diagnoses[0] | "\(.id) \(.certain) \(.evidence_kind)"')" = "identity_wrong true repair" ] &&
	ok "int_min_identity: the repair proves identity_wrong" ||
	fail "int_min_identity: diagnoses $(printf '%s' "$json" | jq -c .diagnoses)"
