# Helpers for end-to-end scripts that drive clings in tmux as a learner would: sourced after
# tests/lib.sh, never run. Each script gets its own tmux server (-L), so a learner's tmux is safe.
command -v tmux >/dev/null || skip_all "tmux is not installed"
TMUX_STARTS=0
TMUX_SOCK="clings-test-$$-0"
export TMUX=   # inside tmux, a nested server must not attach to the outer one
tm() { tmux -L "$TMUX_SOCK" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

# tui_start COMMAND...: runs COMMAND in a 120x40 window; its exit status appears as CLINGS-EXIT=N,
# then TTY-SANE if it gave the terminal back as it found it (line editing, echo).
# Each start gets a server of its own: a killed server takes a while to go, and a command sent
# to it meanwhile is lost.
tui_start() {
	tm kill-server 2>/dev/null
	TMUX_STARTS=$((TMUX_STARTS + 1))
	TMUX_SOCK="clings-test-$$-$TMUX_STARTS"
	tm new-session -d -x 120 -y 40 "$* ; echo CLINGS-EXIT=\$?; stty -a | grep -q ' icanon .* echo ' && echo TTY-SANE; sleep 600" \; set-option -w remain-on-exit on
}
screen() { tm capture-pane -p 2>/dev/null; }
# wait_for REGEX [SECONDS]: until the screen shows REGEX (grep -E); fails the test after SECONDS.
wait_for() {
	local deadline=$(( $(date +%s%N) + ${2:-30} * 1000000000 ))
	while [ "$(date +%s%N)" -lt "$deadline" ]; do
		screen | grep -Eq -- "$1" && return 0
		tm has-session 2>/dev/null || fail "the tmux session ended while waiting for /$1/"
		sleep 0.02
	done
	screen >&2
	fail "timed out waiting for /$1/ on screen"
}
keys() { tm send-keys "$@"; }
# The watcher's trace, read by idle_after (and by scripts that ask it what a check said).
export CLINGS_TRACE="$TMP/trace"
# idle_after NAME: touches NAME beside the exercise (in $course/exercises) and waits until the
# watcher, having read its event, is idle: whatever the saves before it caused is on the screen.
idle_after() {
	touch "$course/exercises/$1"
	for _ in $(seq 600); do
		grep -q "^clings: trace: idle after check [0-9]*, last event $1\$" "$CLINGS_TRACE" && return 0
		sleep 0.1
	done
	fail "the watcher was not idle after $1: $(cat "$CLINGS_TRACE")"
}
# The pid of the program started in the window (the shell's child).
tui_pid() { pgrep -P "$(tm display -p '#{pane_pid}')" | head -1; }
# The number of the last check on screen ("check N at ...").
check_number() { screen | sed -n 's/.*check \([0-9][0-9]*\) at .*/\1/p' | tail -1; }
