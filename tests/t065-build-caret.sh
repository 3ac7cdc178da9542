#!/bin/bash
# A build error's caret stands under its column when the learner's line has tabs: the quoted line
# and the caret line expand tabs alike (the watcher shows the same message, and sets no tab stops).
set -u
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
printf '__kernel void scale(__global const float *in, __global float *out, float factor, uint len)\n{\n\tsize_t i = get_global_id(0);\n\tif (i < len)\n\t\tout[i] = factor * in[i] +;\n}\n' > "$TMP/tabs.cl"
out=$($CLINGS check scale --no-cache --file "$TMP/tabs.cl" 2>&1)
quoted=$(printf '%s\n' "$out" | grep -m1 '^    5 | ') && ok "the build error quotes line 5" || fail "no quoted line: $out"
caret=$(printf '%s\n' "$out" | grep -m1 '^      | *\^$') && ok "a caret line follows the quoted line" ||
	fail "no caret line: $out"
case "$quoted$caret" in
*$'\t'*) fail "a tab is left: $out" ;;
*) ok "the quoted line and the caret line have their tabs expanded" ;;
esac
at=$((${#caret} - 1))
[ "${quoted:$at:1}" = ";" ] && ok "the caret stands under the ';' of a line indented with tabs" ||
	fail "the caret stands under '${quoted:$at:1}', not ';': $out"
