# A kernel that never finishes: the verdict comes within the time limit plus one second, and
# no process is left behind, neither running nor as a zombie.
. tests/lib.sh
kernel="$TMP/never-ends-$$.cl"
cp wrong/memory_4/endless_loop.cl "$kernel"
limit_ms=$(sed -n 's/^time_limit_ms *= *\([0-9]*\).*/\1/p' checks/memory_4.ini)
start=$(date +%s%N)
out=$($CLINGS check memory_4 --file "$kernel" --json); rc=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $rc -eq 1 ] && ok "a kernel that never ends fails its check (exit 1)" || fail "exit $rc, want 1: $out"
printf '%s' "$out" | grep -q '"verdict": "timeout"' && ok "its verdict is timeout" || fail "verdict: $out"
printf '%s' "$out" | grep -q 'barrier that not every work-item' && ok "the message gives the common causes" ||
	fail "the message gives no causes: $out"
[ "$elapsed_ms" -le $((limit_ms + 1000)) ] && ok "the verdict comes within the time limit plus one second" ||
	fail "took $elapsed_ms ms; the limit is $limit_ms ms"
sleep 0.2
left=$(ps -eo pid,stat,args | grep -F "$kernel" | grep -v grep)
[ -z "$left" ] && ok "no process is left behind" || fail "processes left behind: $left"
echo "timeout verdict after $elapsed_ms ms (limit $limit_ms ms)"
