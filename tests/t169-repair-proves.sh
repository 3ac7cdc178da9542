# A repair is evidence (engine/repair.h, repair_confirm): found with every test passing and the
# analysis clean, it proves the diagnosis its rule stands for where the report asked it as a
# question. The JSON's diagnoses have it first, certain, of evidence kind "repair"; `clings
# check` states it after the first rung in both languages; without the search it stays a
# question, and a kind the report did not ask about is not added.
. tests/lib.sh
unset CLINGS_REPAIR   # the repair is this test's subject
f=tests/fixtures/diagnoses/guard_le.cl
json=$("$CLINGS" check memory_4 --file "$f" --json 2>"$TMP/err")
line=$(printf '%s' "$json" | jq -r .repair.line)
[ "$(printf '%s' "$json" | jq -r '.diagnoses[0] | [.id, .certain, .evidence_kind, .evidence] | @tsv')" = \
  "$(printf 'guard_off_by_one\ttrue\trepair\trepair:cmp_tighten @%s' "$line")" ] &&
	ok "JSON: the repair proves the guard's question, first in the list" ||
	fail "not proved: $(printf '%s' "$json" | jq -c '[.repair.rule, .diagnoses]') $(cat "$TMP/err")"
[ "$(printf '%s' "$json" | jq '[.diagnoses[] | select(.id == "guard_off_by_one")] | length')" = 1 ] &&
	ok "JSON: the diagnosis once, not a question beside the proof" || fail "twice: $(printf '%s' "$json" | jq -c .diagnoses)"
json=$("$CLINGS" check memory_4 --file "$f" --json --no-repair)
[ "$(printf '%s' "$json" | jq -r '[.diagnoses[] | select(.id == "guard_off_by_one")][0] | [.certain, .evidence_kind] | @tsv')" != \
  "$(printf 'true\trepair')" ] && ok "--no-repair: no repair, no proof by one" || fail "proved without a search: $json"
out=$("$CLINGS" check memory_4 --file "$f")
printf '%s\n' "$out" | tail -n 1 | grep -qx 'The mistake, proved: The guard lets one work-item too many through.' &&
	ok "check states the proved mistake after the first rung" || fail "text: $out"
out=$("$CLINGS" --lang pt-BR check memory_4 --file "$f")
printf '%s\n' "$out" | tail -n 1 | grep -qx 'O erro, comprovado: A guarda deixa passar um item de trabalho a mais.' &&
	ok "the same in Portuguese" || fail "pt-BR text: $out"
# private_sum_unset: repaired by an initialiser, its question is proved; no other is added.
f=tests/fixtures/diagnoses/private_sum_unset.cl
json=$("$CLINGS" check memory_4 --file "$f" --json 2>"$TMP/err")
before=$("$CLINGS" check memory_4 --file "$f" --json --no-repair | jq -c '[.diagnoses[].id] | sort')
[ "$(printf '%s' "$json" | jq -r '[.repair.rule, .diagnoses[0].id, .diagnoses[0].evidence_kind] | @tsv')" = \
  "$(printf 'init_missing\tprivate_uninitialised\trepair')" ] && ok "an initialiser's repair proves private_uninitialised" ||
	fail "init: $(printf '%s' "$json" | jq -c '[.repair.rule, .diagnoses]') $(cat "$TMP/err")"
[ "$(printf '%s' "$json" | jq -c '[.diagnoses[].id] | sort')" = "$before" ] &&
	ok "the list holds the same diagnoses: none added" || fail "list changed: $before -> $(printf '%s' "$json" | jq -c '[.diagnoses[].id]')"
exit 0
