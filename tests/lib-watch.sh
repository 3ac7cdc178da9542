# Helpers for end-to-end scripts that run the watcher without a terminal, where it prints each
# verdict as a line "EXERCISE: PASS|FAIL ..." and reads one-letter keys: sourced after
# tests/lib.sh, never run.

# start_watch COURSE OUT [ARGS...]: starts the watcher on COURSE, printing into OUT and reading
# its keys from fd 3 (send them with `echo q >&3`); sets pid.
start_watch() {
	local course=$1 out=$2
	shift 2
	rm -f "$TMP/keys"
	mkfifo "$TMP/keys"
	$CLINGS --course "$course" "$@" watch < "$TMP/keys" > "$out" 2>&1 &
	pid=$!
	exec 3> "$TMP/keys"           # keeps the watcher's stdin open until stop_watch
	trap 'kill $pid 2>/dev/null; rm -rf "$TMP"' EXIT
}

# stop_watch [AFTER]: one q must end the watcher within 5 s, with status 0.
stop_watch() {
	echo q >&3
	for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	! kill -0 "$pid" 2>/dev/null || fail "one q did not quit${1:+ after $1}"
	wait "$pid" || fail "the watcher exited with $?"
	ok "one q quits the watcher, with status 0${1:+, after $1}"
	exec 3>&-
}

# wait_lines OUT REGEX [N]: until N lines (1 unless told) of OUT match REGEX (60 s at most), or
# the watcher ends.
wait_lines() {
	for _ in $(seq 600); do
		[ "$(grep -Ec -- "$2" "$1")" -ge "${3:-1}" ] && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	fail "no ${3:-1} lines /$2/ in: $(cat "$1")"
}

# count_checks OUT [EXERCISE]: the verdicts printed so far (of EXERCISE, or of any).
count_checks() { grep -Ec -- "^${2:-[a-z0-9_-]+}: (PASS|FAIL)" "$1"; }

# wait_checks OUT N [EXERCISE]: until N verdicts are printed.
wait_checks() { wait_lines "$1" "^${3:-[a-z0-9_-]+}: (PASS|FAIL)" "$2"; }
