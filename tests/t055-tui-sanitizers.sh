# The terminal runner's end-to-end tests again, on the AddressSanitizer/UBSan build: any report,
# leak or crash fails them (watch must exit 0 on q; a sanitizer exits 99).
. tests/lib.sh
asan=./clings-asan
[ -x "$asan" ] || fail "build it first: make asan"
export ASAN_OPTIONS=abort_on_error=0:exitcode=99 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in tests/t050-watch-tmux.sh tests/t051-watch-saves.sh tests/t052-lesson-hint-reset.sh \
	 tests/t053-watch-keys-tmux.sh tests/t054-watch-recovery.sh tests/t058-watch-plain-pager.sh \
	 tests/t059-watch-pager-tmux.sh; do
	# (TAP_LOG=: its assertions stay in its output, apart from this script's)
	out=$(CLINGS=$asan TAP_LOG= bash "$t" 2>&1) && ok "$t passes on $asan" || fail "$t on $asan: $out"
	printf '%s' "$out" | grep -q Sanitizer && fail "$t on $asan: $out" || ok "$t: no sanitizer report"
done
exit 0
