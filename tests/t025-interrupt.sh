# Killing clings in the middle of a check leaves no process behind, even with SIGKILL, which
# no handler can catch (a closed terminal, Ctrl-C and the OOM killer are gentler cases).
. tests/lib.sh
kernel="$TMP/never-ends-$$.cl"
cp wrong/memory_4/endless_loop.cl "$kernel"
$CLINGS check memory_4 --file "$kernel" >/dev/null 2>&1 &
pid=$!
# once the check's children run the kernel (or 30 s of nothing)
running=
for _ in $(seq 1 3000); do
	pgrep -P "$pid" > /dev/null && { running=yes; break; }
	sleep 0.01
done
[ -n "$running" ] && ok "the check of a kernel that never ends is running" || fail "the check was not running"
kill -KILL $pid
wait $pid 2>/dev/null
procs() { ps -eo pid,stat,args | grep -F "$kernel" | grep -v grep; }
gone procs && ok "kill -9 of clings leaves no process behind" || fail "processes left behind after the parent was killed: $left"
exit 0
