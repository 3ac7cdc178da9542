# The AddressSanitizer/UBSan build on the paths a learner hits most: a pass, a wrong result,
# a build error, a signature mismatch, a timeout, a crash in the child; the children of a
# sanitizer build report to its stderr, so a report of theirs fails this test too.
. tests/lib.sh
asan=./clings-asan
[ -x "$asan" ] || fail "build it first: make asan"
export ASAN_OPTIONS=abort_on_error=0:exitcode=99 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for k in solutions/memory_4.cl exercises/memory_4.cl wrong/memory_4/build_error.cl \
	 wrong/memory_4/wrong_name.cl wrong/memory_4/wild_write.cl; do
	$asan check memory_4 --file "$k" > "$TMP/out" 2>&1; rc=$?
	[ $rc -le 1 ] && ok "$k: the sanitizer build gives a verdict (exit $rc)" || fail "$k: exit $rc: $(tail -20 "$TMP/out")"
	grep -qE 'Sanitizer|: runtime error: |a checking process reported' "$TMP/out" && fail "$k: $(cat "$TMP/out")" ||
		ok "$k: no sanitizer report, in clings or its children"
done
$asan check transpose_naive --file solutions/transpose_naive.cl --json > "$TMP/out" 2>&1 &&
	ok "transpose_naive's solution passes on the sanitizer build" || fail "transpose: $(tail "$TMP/out")"
$asan list > /dev/null 2>"$TMP/out" && ok "list runs clean on the sanitizer build" || fail "list: $(cat "$TMP/out")"
$asan validate --quick > /dev/null 2>"$TMP/out" && ok "validate runs clean on the sanitizer build" || fail "validate: $(cat "$TMP/out")"
exit 0
