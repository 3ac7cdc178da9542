# Killing clings in the middle of a check (Ctrl-C, a closed terminal) leaves no process behind.
. tests/lib.sh
kernel="$TMP/never-ends-$$.cl"
cp tests/golden/memory_4/endless_loop.cl "$kernel"
$CLINGS check memory_4 --file "$kernel" >/dev/null 2>&1 &
pid=$!
sleep 1.5
ps -eo args | grep -F "$kernel" | grep -v grep >/dev/null || fail "the check was not running"
kill -INT $pid
wait $pid 2>/dev/null
sleep 0.5
left=$(ps -eo pid,stat,args | grep -F "$kernel" | grep -v grep)
[ -z "$left" ] || fail "processes left behind after SIGINT: $left"
exit 0
