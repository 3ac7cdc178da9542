# Without libclang on the machine (a GPU host carries none), the kernel's facts are a stated
# absence, not clings' error: a check says nothing that needs them, prints no error line, and
# looks for no repair (which reads the kernel through them), quietly. CLINGS_LIBCLANG names the
# library the parser's child opens; here one that is not there. A parser's child that fails
# otherwise is still clings' error (t137, t211).
. tests/lib.sh
unset CLINGS_REPAIR   # the search is what must stay quiet
f=wrong/scale/off_by_one.cl   # `i <= len`: out of bounds, repaired by cmp_tighten with libclang
CLINGS_LIBCLANG=/nonexistent/libclang-15.so.1 "$CLINGS" check scale --file "$f" --no-cache --json \
	> "$TMP/json" 2> "$TMP/err"
[ $? -eq 1 ] && ok "the check fails the kernel (exit 1)" || fail "exit: $(cat "$TMP/err")"
[ ! -s "$TMP/err" ] && ok "no error line on stderr" || fail "stderr: $(cat "$TMP/err")"
jq -e '.verdict == "out_of_bounds" and .repair == null' "$TMP/json" > /dev/null &&
	ok "the verdict stands, and no repair is claimed or searched" ||
	fail "json: $(jq -c '[.verdict, .repair]' "$TMP/json")"
CLINGS_LIBCLANG=/nonexistent/libclang-15.so.1 "$CLINGS" check scale --file "$f" --no-cache \
	> "$TMP/text" 2> "$TMP/err2"
[ ! -s "$TMP/err2" ] && grep -q 'Out-of-bounds' "$TMP/text" && ! grep -qE 'smallest change|No change|proved' "$TMP/text" &&
	ok "the text check: its verdict, no error line, nothing of a repair" ||
	fail "text: $(cat "$TMP/text") / $(cat "$TMP/err2")"
CLINGS_LIBCLANG=/nonexistent/libclang-15.so.1 CLINGS_TRACE=1 "$CLINGS" check scale --file "$f" --no-cache \
	--json 2> "$TMP/trace" > /dev/null
grep -q '^clings: trace: facts      unavailable: libclang (/nonexistent/libclang-15.so.1) could not be loaded' "$TMP/trace" &&
	ok "the trace says why the facts are absent" || fail "trace: $(cat "$TMP/trace")"
# with it, the same kernel is repaired (what the absence leaves out)
"$CLINGS" check scale --file "$f" --no-cache --json 2>/dev/null | jq -e '.repair.found' > /dev/null &&
	ok "with libclang, the repair is found" || fail "no repair with libclang"
