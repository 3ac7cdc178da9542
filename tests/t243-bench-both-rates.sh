# clings bench of a check that counts its operations (`flops` in [bench]) shows both rates: GB/s
# with its share of the copy kernel's, and GFLOP/s with its share of the peak kernel's, in the
# table and in --json. stencil_2d counts its five integer operations a cell; its GB/s and share
# of a copy are the figures that say most of a memory-bound kernel, and stay.
. tests/lib.sh
course=$(copy_course 2>/dev/null)
out=$($CLINGS --course "$course" bench stencil_2d --file solutions/stencil_2d.cl --json 2>&1) &&
	ok "bench of stencil_2d's solution exits 0" || fail "bench of stencil_2d's solution: $? $out"
q() { printf '%s\n' "$out" | jq -r "$1" 2>/dev/null; }
[ "$(q .status)" = ok ] && ok "the bench status of stencil_2d is ok" || fail "status: $out"
[ "$(q '.copy.gbps > 0 and .peak.gflops > 0')" = true ] &&
	ok "the copy kernel and the peak kernel are both timed" || fail "copy or peak: $out"
# width 4096, height bytes / 16384: five operations a cell
[ "$(q '[.rows[] | select(.flops == 5 * 4096 * (.bytes / 8 / 4096))] | length')" = 4 ] &&
	ok "each row counts five operations a cell" || fail "flops: $out"
[ "$(q '[.rows[] | select(.problem == null and .kernel.loop.gbps > 0 and .kernel.loop.of_copy > 0
	and .kernel.loop.gflops > 0 and .kernel.loop.of_peak > 0 and .reference.loop.of_copy > 0
	and .reference.loop.of_peak > 0)] | length')" = 4 ] &&
	ok "each row's figures, the kernel's and the reference's, have GB/s, of copy, GFLOP/s and of peak" ||
	fail "rows: $out"

text=$($CLINGS --course "$course" bench stencil_2d --file solutions/stencil_2d.cl 2>&1) &&
	ok "the table of stencil_2d's bench" || fail "bench of stencil_2d: $text"
grep -Eq '^  work-group +ms +GB/s +of copy +GFLOP/s +of peak$' <<<"$text" &&
	ok "the table's heading names both rates and both shares" || fail "heading: $text"
rows=$(grep -Ec '^  [0-9]+x[0-9]+( [a-z]+=[0-9]+)* +[0-9.,]+ +[0-9.,]+ +[0-9]+% +[0-9.,]+ +[0-9]+%$' <<<"$text")
refs=$(grep -Ec '^    reference +[0-9.,]+ +[0-9.,]+ +[0-9]+% +[0-9.,]+ +[0-9]+%$' <<<"$text")
[ "$rows" = 4 ] && [ "$refs" = 4 ] && ok "each row and its reference's show both rates and both shares" ||
	fail "rows $rows, references $refs: $text"
grep -q 'A copy of the same bytes' <<<"$text" && grep -q 'GB/s: the bytes' <<<"$text" &&
	grep -q 'Independent multiply-adds in registers reach' <<<"$text" && grep -q "GFLOP/s: the operations" <<<"$text" &&
	ok "the introduction says what each rate counts, and names the copy and the peak" || fail "introduction: $text"
