# A kernel's printf, the learner's first debugging tool: shown in text and JSON, up to the test
# that failed, made safe for the terminal, and cut at 4 KB however much the kernel prints.
. tests/lib.sh
cat > "$TMP/pf.cl" <<'K'
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i == 0)
		printf("len=%u factor=%.1f \033[2J\n", len, factor);
	if (i < len)
		out[i] = factor * in[i] + 1.0f;
}
K
out=$("$CLINGS" check scale --file "$TMP/pf.cl" --no-analysis)
printf '%s' "$out" | grep -q '^Your kernel printed:$' && ok "the report shows what the kernel printed" || fail "no printf: $out"
printf '%s' "$out" | grep -qF 'len=5 factor=3.0 ^[[2J' && ok "an escape the kernel printed is made visible" || fail "printf, escaped: $out"
printf '%s' "$out" | grep -q 'len=130' && fail "printf of tests after the failing one: $out" ||
	ok "nothing printed by tests after the failing one"
printf '%s' "$out" | grep -q "$(printf '\033')" && fail "an ESC of printf reached the terminal" ||
	ok "no ESC of printf reaches the terminal"
json=$("$CLINGS" check scale --file "$TMP/pf.cl" --no-analysis --json)
[ "$(printf '%s' "$json" | jq -r .printf)" = "$(printf 'len=5 factor=3.0 \033[2J')" ] &&
	ok "JSON has what was printed, as it was" || fail "JSON printf: $json"
out=$("$CLINGS" --lang pt-BR check scale --file "$TMP/pf.cl" --no-analysis)
printf '%s' "$out" | grep -q '^O seu kernel imprimiu:$' && ok "in Portuguese, the report shows what the kernel printed" || fail "pt-BR: $out"
# A kernel that prints without end: at most 4 KB shown, and the verdict as usual.
sed 's/if (i == 0)/if (i < len)/' "$TMP/pf.cl" > "$TMP/flood.cl"
json=$("$CLINGS" check scale --file "$TMP/flood.cl" --no-analysis --json)
[ "$(printf '%s' "$json" | jq -r .verdict)" = wrong_result ] && ok "a kernel that prints without end gets its verdict" || fail "flood: $json"
[ "$(printf '%s' "$json" | jq -r '.printf | length')" -le 4096 ] && ok "what it printed is cut at 4 KB" || fail "printf not cut"
exit 0
