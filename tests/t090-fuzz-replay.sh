# Every input of the fuzz corpora, every file of the tree a target's seeds name, and every
# regression (tests/fuzz/corpus/NAME, tests/fuzz/NAME.seeds, tests/fuzz/regress/NAME) through its
# target once more, without libFuzzer: build/fuzz/replay-NAME,
# built by `make check` with gcc, AddressSanitizer and UBSan. A crash, a sanitizer's report, a
# leak or a hang fails; so does a target that replays fewer inputs than its folders hold.
. tests/lib.sh
export ASAN_OPTIONS=abort_on_error=0:exitcode=99:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
targets=$(ls tests/fuzz/fuzz-*.c | sed 's|.*/fuzz-\(.*\)\.c$|\1|')
[ -n "$targets" ] && ok "tests/fuzz has targets" || fail "no fuzz targets in tests/fuzz"
for name in $targets; do
	replay=build/fuzz/replay-$name
	[ -x "$replay" ] || fail "$replay is missing: make fuzz-replay"
	seeds=$(tests/fuzz/seed-files "$name")
	set --
	[ -d "tests/fuzz/corpus/$name" ] && set -- "$@" "tests/fuzz/corpus/$name"
	[ -d "tests/fuzz/regress/$name" ] && set -- "$@" "tests/fuzz/regress/$name"
	want=$( { [ $# -gt 0 ] && find "$@" -maxdepth 1 -type f ! -name '.*'; printf '%s\n' $seeds; } | grep -c .)
	[ "$want" -gt 0 ] && ok "$name has $want seeds" || fail "$name: no seeds (tests/fuzz/$name.seeds, tests/fuzz/corpus/$name)"
	# shellcheck disable=SC2086
	set -- "$@" $seeds
	timeout 60 "$replay" "$@" > "$TMP/out" 2> "$TMP/err"; rc=$?
	[ $rc -eq 0 ] && ok "$name replays every input without a crash, a leak or a hang" || fail "$name: exit $rc: $(grep -m1 'the input that failed' "$TMP/err") $(head -c 3000 "$TMP/err")"
	grep -q 'Sanitizer' "$TMP/err" && fail "$name: $(head -c 3000 "$TMP/err")" || ok "$name: no sanitizer report"
	grep -qx "replayed $want inputs" "$TMP/out" && ok "$name replays all $want inputs" || fail "$name: $(cat "$TMP/out"), want $want"
done
exit 0
