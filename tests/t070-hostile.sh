# Hostile kernels (tests/hostile/): kernels that forge the verdict, open, write or read files,
# start processes, signal or stop clings, flood its channel, include the reference solution, or
# expand a macro without end; and files that are no kernel (a FIFO, /dev/zero, a directory, a
# huge file). None passes, each gets its verdict within its limits, nothing is left behind
# (no file, no process), and clings itself stays under 256 MB.
. tests/lib.sh
# A compiler cache of its own: the kill -9 below leaves PoCL's files in it, and what is counted
# at the end is what these checks left, not another run's build under way in a shared cache.
export POCL_CACHE_DIR=$TMP/pocl-cache
command -v jq >/dev/null || fail "jq is missing (scripts/install-deps installs it)"
echo "SECRET-$$-XYZZY" > "$TMP/secret.txt"
echo "original" > "$TMP/victim.so"

# peak_rss_kb PID: the largest resident size of PID until it exits (clings, not its children).
peak=0
run_watched() {   # run_watched OUT ARGS...: runs clings with ARGS, its stdout into OUT; sets rc, peak
	local out=$1
	shift
	"$CLINGS" "$@" > "$out" 2>&1 &
	local p=$! hwm
	peak=0
	while kill -0 "$p" 2>/dev/null; do
		hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$p/status" 2>/dev/null)
		[ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
		sleep 0.05   # check-sleeps: samples the memory until the check ends (its own limits end it)
	done
	wait "$p"
	rc=$?
}

hostile() {   # hostile NAME PATH VERDICT: checks tests/hostile/NAME.cl with PATH defined (how long
	# each took is printed, not asserted: make bench measures time)
	local name=$1 path=$2 want=$3
	{ echo "#define CLINGS_HOSTILE_PATH \"$path\""; cat "tests/hostile/$name.cl"; } > "$TMP/$name.cl"
	local t0=$SECONDS
	run_watched "$TMP/$name.json" check memory_4 --file "$TMP/$name.cl" --json
	local took=$((SECONDS - t0))
	local verdict
	verdict=$(jq -r .verdict "$TMP/$name.json" 2>/dev/null)
	# "not_pass": any verdict of a failure (what a kernel sees of the machine decides which)
	if [ "$want" = not_pass ]; then
		[ -n "$verdict" ] && [ "$verdict" != pass ] && [ "$verdict" != error ] &&
			ok "$name: a verdict of a failure ($verdict)" ||
			fail "$name: verdict ${verdict:-none}: $(cat "$TMP/$name.json")"
	else
		[ "$verdict" = "$want" ] && ok "$name: verdict $want" ||
			fail "$name: verdict ${verdict:-none}, want $want: $(cat "$TMP/$name.json")"
	fi
	[ $rc -eq $([ "$want" = pass ] && echo 0 || echo 1) ] && ok "$name: exit $rc" || fail "$name: exit $rc"
	[ "$peak" -lt 262144 ] && ok "$name: clings stays under 256 MB" || fail "$name: clings grew to $peak kB"
	grep -q "SECRET-$$" "$TMP/$name.json" && fail "$name: the secret file's text reached the report" ||
		ok "$name: no text of the secret file in the report"
	echo "$name: $verdict in ${took} s, clings at most $((peak / 1024)) MB"
}

# Every process these checks start carries this mark in its environment.
export CLINGS_HOSTILE_MARK="hostile-$$"
marked() {   # the clings processes (and their descendants) that carry the mark
	local e d
	for e in $(grep -l -s -a "CLINGS_HOSTILE_MARK=hostile-$$" /proc/[0-9]*/environ); do
		d=${e%/environ}
		[ "$(cat "$d/comm" 2>/dev/null)" = clings ] && echo "${d#/proc/}"
	done
}
temps=$(ls /tmp | grep -c '^clings-oclgrind-')
pocl_cache=${POCL_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pocl/kcache}
tempfiles() { find "$pocl_cache" -maxdepth 1 -name 'tempfile_??????' -empty 2>/dev/null | wc -l; }
hostile forge_pass x crash
hostile create_file "$TMP/created" crash
[ ! -e "$TMP/created" ] && ok "create_file: no file is created" || fail "create_file: the file was created"
hostile read_outside "$TMP/secret.txt" not_pass
hostile fork_setsid x crash
hostile kill_parent x crash
hostile stop_parent x crash
hostile flood x crash
hostile overwrite_cache "$TMP/victim.so" crash
[ "$(cat "$TMP/victim.so")" = original ] && ok "overwrite_cache: the file is unchanged" || fail "overwrite_cache: the file changed"
hostile include_relative x build_error
hostile include_digraph x build_error
# by an absolute path too
printf '#include "%s/solutions/memory_4.cl"\n' "$PWD" > "$TMP/include_absolute.cl"
run_watched "$TMP/abs.json" check memory_4 --file "$TMP/include_absolute.cl" --json
[ "$(jq -r .verdict "$TMP/abs.json")" = build_error ] && ok "an absolute #include of the solution does not build" || fail "absolute include: $(cat "$TMP/abs.json")"
[ "$(jq -r .location.line "$TMP/abs.json")" = 1 ] && ok "the absolute #include is named at line 1" || fail "absolute include line: $(cat "$TMP/abs.json")"
hostile macro_bomb x build_error
# The course's solutions are out of sight where namespaces exist (`clings devices` says which).
if "$CLINGS" devices | grep -q 'Isolation: namespaces'; then
	hostile hidden_solution "$PWD/solutions/memory_4.cl" pass
fi

# kill -9 of clings in the middle of a check: its children die with it.
"$CLINGS" check memory_4 --file wrong/memory_4/endless_loop.cl >/dev/null 2>&1 &
victim=$!
kids=
for _ in $(seq 300); do   # until the check has started its children
	kids=$(pgrep -P "$victim" | tr '\n' ' ')
	[ -n "$kids" ] && break
	sleep 0.1
done
[ -n "$kids" ] || fail "the check of endless_loop started no child"
kill -9 "$victim"
wait "$victim" 2>/dev/null
alive=$kids
for _ in $(seq 100); do   # until they are gone
	alive=$(for k in $kids; do kill -0 "$k" 2>/dev/null && echo "$k"; done)
	[ -z "$alive" ] && break
	sleep 0.1
done
[ -z "$alive" ] && ok "kill -9 of a check: its children die with it" || fail "children alive 10 s after kill -9 of their check: $alive"
# the next check clears what PoCL left in its cache when its process was killed
"$CLINGS" check scale --file solutions/scale.cl --no-analysis >/dev/null && ok "a check after kill -9 passes" || fail "a check after kill -9"

# Nothing left behind: no process, no temporary file of ours.
gone marked && ok "no process of these checks is left" || fail "processes left: $left"
[ "$(ls /tmp | grep -c '^clings-oclgrind-')" -le "$temps" ] && ok "no temporary file of Oclgrind's is left in /tmp" ||
	fail "temporary files left: $(ls /tmp | grep clings)"
[ "$(tempfiles)" -eq 0 ] && ok "PoCL's cache keeps no empty tempfile" || fail "PoCL's cache keeps $(tempfiles) empty tempfile_* names"

# Files that are no kernel: an error of use at once (exit 2), never a hang.
mkfifo "$TMP/fifo"
for f in "$TMP/fifo" /dev/zero "$TMP"; do
	case $f in */fifo) what="a FIFO" ;; /dev/*) what=$f ;; *) what="a directory" ;; esac
	out=$(timeout 10 "$CLINGS" check memory_4 --file "$f" 2>&1); rc=$?   # 124 if it hung
	[ $rc -eq 2 ] && ok "--file of $what: exit 2, no hang" || fail "--file $f: exit $rc, want 2: $out"
done
head -c 2000000 /dev/zero | tr '\0' ' ' > "$TMP/huge.cl"
out=$("$CLINGS" check memory_4 --file "$TMP/huge.cl" 2>&1); rc=$?
[ $rc -eq 2 ] && ok "a 2 MB file: exit 2" || fail "a 2 MB file: exit $rc: $out"
printf '%s' "$out" | grep -q 'larger than 1024 KB' && ok "a 2 MB file is refused as larger than 1024 KB" || fail "a 2 MB file: $out"

# The watcher: a forged pass marks nothing as done, and the next honest save still passes.
. tests/lib-watch.sh
course=$(copy_course 2>/dev/null)
printf '[clings]\nversion = 1\ncurrent = memory_4\n' > "$(state_file "$course")"
start_watch "$course" "$TMP/watch"
wait_checks "$TMP/watch" 1 memory_4
cp tests/hostile/forge_pass.cl "$course/exercises/memory_4.cl"
wait_checks "$TMP/watch" 2 memory_4
grep '^memory_4: ' "$TMP/watch" | tail -1 | grep -q FAIL && ok "in the watcher, the forged pass fails" || fail "watch, forged pass: $(cat "$TMP/watch")"
"$CLINGS" --course "$course" list | grep -q ' memory_4 .*done\|^ *[0-9]*  done  memory_4' &&
	fail "the forged pass was recorded" || ok "the forged pass is not recorded as done"
cp solutions/memory_4.cl "$course/exercises/memory_4.cl"
wait_checks "$TMP/watch" 3 memory_4
grep '^memory_4: ' "$TMP/watch" | tail -1 | grep -q PASS && ok "the next honest save passes" ||
	fail "watch, then the solution: $(cat "$TMP/watch")"
stop_watch
grep -A2 'name = memory_4' "$(state_file "$course")" | grep -q 'done = yes' && ok "the real pass is recorded" ||
	fail "the real pass was not recorded"
exit 0
