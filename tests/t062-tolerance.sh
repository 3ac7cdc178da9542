# A float that is off by more than the check allows says how far off, against what is allowed;
# a double off by about a float's precision asks whether something is computed in float.
. tests/lib.sh
cat > "$TMP/tol.cl" <<'K'
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i < len)
		out[i] = factor * in[i] * 1.00001f;
}
K
out=$("$CLINGS" check scale --file "$TMP/tol.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'a relative error of 1e-05 where the check allows 1e-06' &&
	ok "a float off by 1e-05 is told so, against the 1e-06 allowed" || fail "float: $out"
printf '%s' "$out" | grep -q 'computed in float' && fail "a float exercise asked about floats: $out" ||
	ok "a float exercise is not asked whether it computes in float"
out=$("$CLINGS" check reduce_double --file wrong/reduce_double/float_scratch.cl --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'where the check allows 1e-09 (about a float.s precision: is something computed in float?)' &&
	ok "a double off by a float's precision is asked whether it computes in float" ||
	fail "double: $out"
out=$("$CLINGS" --lang pt-BR check scale --file "$TMP/tol.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'um erro relativo de 1e-05 onde a verificação permite 1e-06' &&
	ok "in Portuguese, the error against what is allowed" || fail "pt-BR: $out"
# tolerance.abs beside the relative tolerance: an element within either passes; a miss names both
course=$(copy_course)
sed -i 's/^tolerance = 1e-6$/tolerance = 1e-6\ntolerance.abs = 1/' "$course/checks/scale.ini"
v=$("$CLINGS" --course "$course" check scale --file "$TMP/tol.cl" --no-analysis --json | jq -r .verdict)
[ "$v" = pass ] && ok "within tolerance.abs passes although the relative error is over its tolerance" ||
	fail "tolerance.abs = 1: $v"
sed -i 's/^tolerance.abs = 1$/tolerance.abs = 1e-9/' "$course/checks/scale.ini"
out=$("$CLINGS" --course "$course" check scale --file "$TMP/tol.cl" --no-analysis --json | jq -r .message)
printf '%s' "$out" | grep -q 'a relative error of 1e-05 where the check allows 1e-06 or an absolute error of [0-9.e-]* where it allows 1e-09' &&
	ok "a miss names the absolute error too" || fail "tolerance.abs miss: $out"
exit 0
