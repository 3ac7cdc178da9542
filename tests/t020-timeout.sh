# A kernel that never finishes: a timeout verdict that names the time limit the kernel had (the
# check's, in processor time: check-run.c), and no process is left behind, neither running nor as
# a zombie. How long it takes is no test's to time (make bench).
. tests/lib.sh
kernel="$TMP/never-ends-$$.cl"
cp wrong/memory_4/endless_loop.cl "$kernel"
limit_ms=$(sed -n 's/^time_limit_ms *= *\([0-9]*\).*/\1/p' checks/memory_4.ini)
out=$($CLINGS check memory_4 --file "$kernel" --json); rc=$?
[ $rc -eq 1 ] && ok "a kernel that never ends fails its check (exit 1)" || fail "exit $rc, want 1: $out"
printf '%s' "$out" | grep -q '"verdict": "timeout"' && ok "its verdict is timeout" || fail "verdict: $out"
printf '%s' "$out" | grep -q 'barrier that not every work-item' && ok "the message gives the common causes" ||
	fail "the message gives no causes: $out"
had=$(printf '%s' "$out" | jq -r .message | sed -n 's/.*did not finish within \([0-9.]*\) s.*/\1/p' | head -1)
[ -n "$had" ] && awk -v h="$had" -v l="$limit_ms" 'BEGIN { exit !(h * 1000 >= l) }' &&
	ok "the message names the limit it had ($had s; the check's is $limit_ms ms)" ||
	fail "no time limit of at least $limit_ms ms named: $out"
procs() { ps -eo pid,stat,args | grep -F "$kernel" | grep -v grep; }
gone procs && ok "no process is left behind" || fail "processes left behind: $left"
