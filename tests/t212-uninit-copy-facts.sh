# An uninitialised value stored into global memory is called a copy whose index is at fault
# ("a starting value would only hide the bug") only when libclang reads the line as an element
# copied as it is (KF_COPY: `out[i] = tile[j]`, casts and parentheses aside), not because the
# line's text has a subscript after its `=` and no sum: `out[i] = in[i] / divisor;` with an unset
# divisor needs the starting value, and is told so, in both languages.
. tests/lib.sh
f=$TMP/uninit_div.cl
cat > "$f" <<'CL'
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	float divisor;
	if (i < len)
		out[i] = in[i] / divisor;
}
CL
json=$("$CLINGS" check scale --file "$f" --json)
msg=$(printf '%s' "$json" | jq -r .message)
[ "$(printf '%s' "$json" | jq -r '[.verdict, .location.line] | @tsv')" = "$(printf 'uninitialized\t6')" ] &&
	ok "an unset divisor: uninitialized at line 6" || fail "verdict: $(printf '%s' "$json" | jq -c '[.verdict, .message]')"
printf '%s' "$msg" | grep -qF "a starting value would only hide the bug" &&
	fail "a division called a copy: $msg" || ok "a division is no copy"
printf '%s' "$msg" | grep -qF 'Give every private variable a starting value' &&
	ok "the advice is the starting value" || fail "advice: $msg"
msg=$("$CLINGS" --lang pt-BR check scale --file "$f" --json | jq -r .message)
printf '%s' "$msg" | grep -qF "Dê um valor inicial a cada variável" &&
	ok "the advice in Portuguese" || fail "pt-BR: $msg"
