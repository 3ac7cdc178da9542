# Advice keyed by a diagnosis is said whenever the diagnosis is known, the analysis off too: a
# __local array indexed by the global id is asked from the kernel's facts when no analysis ran
# to prove it, and local_reverse's advice for it follows, as the answer to that question.
. tests/lib.sh
out=$("$CLINGS" check local_reverse --file wrong/local_reverse/global_id_block.cl --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r '.verdict + " " + .diagnoses[0].id + " " + (.diagnoses[0].certain | tostring)')" = \
	"wrong_result global_id_as_local_index false" ] &&
	ok "without the analysis, a local array indexed by the global id is asked first" ||
	fail "diagnoses: $out"
printf '%s' "$out" | jq -r .diagnoses[0].evidence | grep -q 'facts: get_global_id indexes __local block line 14' &&
	ok "its evidence is the kernel's facts, at the line" || fail "evidence: $out"
printf '%s' "$out" | jq -r .message |
	grep -q '^If the mistake is this one (A global id indexes a local array): block has BLOCK slots, one per work-item of the group: index it' &&
	ok "the exercise's advice for it is said, as the answer to the question" || fail "advice: $out"
out=$("$CLINGS" --lang pt-BR check local_reverse --file wrong/local_reverse/global_id_block.cl --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'block tem BLOCK posições, uma por item do grupo' &&
	ok "in Portuguese too" || fail "pt-BR: $out"
# a kernel that indexes its local array by the local id is asked no such thing
out=$("$CLINGS" check local_reverse --file wrong/local_reverse/mirror_off_by_one.cl --no-analysis --json)
printf '%s' "$out" | jq -r '.diagnoses[].id' | grep -q global_id_as_local_index &&
	fail "a local index asked as a global one: $out" || ok "a local id is not taken for a global one"
exit 0
