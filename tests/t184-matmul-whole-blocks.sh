# matmul_register's reference loads a whole block's tiles through float4 pointers with no guard
# and the blocks on the edges with their guards: the check must hold a launch where both kinds
# meet, with K a multiple of 8 and N of 4, and analyse it, so that a test of "whole" that
# forgets the rows or the columns of C is caught reading past A or B (the results alone are
# right: the rows and columns past the edge are never stored).
. tests/lib.sh
ini=checks/matmul_register.ini
whole='	if (m0 + BM <= M \&\& n0 + BN <= N \&\& K % BK == 0 \&\& N % 4 == 0)'
grep -q "^$whole\$" solutions/matmul_register.cl && ok "the reference tests whole blocks" ||
	fail "solutions/matmul_register.cl: no test of whole blocks as this test knows it"
# the columns forgotten, made from the reference; the rows forgotten, the course's wrong kernel
sed "s/^$whole\$/	if (m0 + BM <= M \&\& K % BK == 0 \&\& N % 4 == 0)/" solutions/matmul_register.cl \
	> "$TMP/columns.cl"
cmp -s solutions/matmul_register.cl "$TMP/columns.cl" && fail "the columns' test was not removed"
for k in "$TMP/columns.cl:B" wrong/matmul_register/whole_block_rows.cl:A; do
	f=${k%:*} buf=${k##*:}
	json=$($CLINGS check matmul_register --file "$f" --json --no-cache)
	v=$(printf '%s' "$json" | jq -r .verdict)
	[ "$v" = out_of_bounds ] && ok "$(basename "$f"): out_of_bounds" ||
		fail "$(basename "$f"): verdict $v, expected out_of_bounds ($ini: a test with whole and edge blocks, analysed?)"
	printf '%s' "$json" | jq -r '.diagnoses[]?.evidence' | grep -q "buffer=$buf " &&
		ok "$(basename "$f"): the analysis saw the reads past $buf" ||
		fail "$(basename "$f"): no out-of-bounds read of $buf: $(printf '%s' "$json" | jq -c .diagnoses)"
done
