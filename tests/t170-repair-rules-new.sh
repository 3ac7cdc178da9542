# The error model's rules for a double buffer and a barrier in a loop (engine/repair-rules.c):
# for each, a kernel of that mistake (tests/fixtures/repair/RULE.cl), the repair the search finds
# with its edits, and its words (the place on the first rung, the kind on the second) in English
# and Portuguese.
. tests/lib.sh
unset CLINGS_REPAIR   # the repair is this test's subject
rung() {   # rung RULE LANG: the repair's place and kind from --json, tab-separated
	local f=tests/fixtures/repair/$1.cl
	"$CLINGS" --lang "$2" check "$(sed -n '1s|^// exercise: ||p' "$f")" --file "$f" --json 2>>"$TMP/err" |
		jq -r '[.repair.rule, .repair.tests == .repair.tests_passed, .repair.analysis_clean, .repair.place, .repair.kind] | @tsv'
}
# scan_workgroup: the result read from the half the last step did not write (tmp[dst + lid]).
got=$(rung buffer_half en)
[ "$got" = "$(printf 'buffer_half\ttrue\ttrue\tThe smallest change that makes every test pass is on line 22, in an index of a double buffer.\ta double buffer'"'"'s half named where its other half belongs')" ] &&
	ok "buffer_half: repaired, in English" || fail "buffer_half en: $got $(cat "$TMP/err")"
f=tests/fixtures/repair/buffer_half.cl
[ "$("$CLINGS" check scan_workgroup --file "$f" --json | jq -r '.repair.edits | map([.line, .before, .after] | join(" ")) | join(";")')" = "22 dst src" ] &&
	ok "buffer_half: dst becomes src where the result is read" || fail "buffer_half edit"
got=$(rung buffer_half pt-BR)
[ "$got" = "$(printf 'buffer_half\ttrue\ttrue\tA menor mudança que faz todos os testes passarem está na linha 22, num índice de um buffer duplo.\tuma metade de um buffer duplo nomeada onde cabe a outra')" ] &&
	ok "buffer_half: in Portuguese" || fail "buffer_half pt-BR: $got"
# memory_4: the loop ends sooner for work-items whose term 2 * stride * lid < wg fails first.
got=$(rung barrier_loop en)
[ "$got" = "$(printf 'barrier_loop\ttrue\ttrue\tThe smallest change that makes every test pass is on line 13, in the condition of a loop with a barrier in it.\ta barrier in a loop that some work-items leave before the others')" ] &&
	ok "barrier_loop: repaired, in English" || fail "barrier_loop en: $got $(cat "$TMP/err")"
f=tests/fixtures/repair/barrier_loop.cl
edits=$("$CLINGS" check memory_4 --file "$f" --json | jq -r '.repair.edits | map("\(.line):\(.after)") | join("|")')
[ "$edits" = "$(printf '13:stride < wg|13:\n\t\tif (2 * stride * lid < wg) {|16:}\n\t\t')" ] &&
	ok "barrier_loop: the uniform condition, the term guarding the body before the barrier" || fail "barrier_loop edits: $edits"
got=$(rung barrier_loop pt-BR)
[ "$got" = "$(printf 'barrier_loop\ttrue\ttrue\tA menor mudança que faz todos os testes passarem está na linha 13, na condição de um laço com uma barreira dentro.\tuma barreira num laço que alguns itens de trabalho deixam antes dos outros')" ] &&
	ok "barrier_loop: in Portuguese" || fail "barrier_loop pt-BR: $got"
exit 0
