# The keys of watch mode in tmux, on the fixture course: n refused until the exercise passes,
# l (the lesson in a pager), h (hints, counted), x (reset after asking, the learner's version
# kept), p, N (skip), a resize redrawn to the new width, and q.
. tests/lib.sh
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
file="$course/exercises/copy.cl"
cp "$file" "$TMP/stub.cl"

tui_start "$CLINGS --course $course"
wait_for '1\. Copy a buffer'
wait_for 'check 1 at' 60
wait_for 'COPY-LESSON-MARKER'
ok "the watcher opens the first exercise, checks it and shows its lesson"
tm capture-pane -p -e | grep -q "$(printf '\033')\[" && fail "escape sequences on screen with NO_COLOR" ||
	ok "no escape sequence on screen with NO_COLOR"
[ -f "$file.orig" ] && ok "a pristine copy of the stub is kept outside git" || fail "no pristine copy of the stub kept outside git"

keys n
wait_for 'has not passed yet'
ok "n on a failing exercise says it has not passed yet"
screen | grep -q '1\. Copy a buffer' && ok "n does not move on from a failing exercise" || fail "n moved on from a failing exercise"

# l: the lesson in a pager, scrollable, q goes back
keys l
wait_for 'Lesson: Copy a buffer'
wait_for 'q  *back'
keys G
wait_for 'COPY-LESSON-MARKER'
keys q
wait_for ' n  *next'
ok "l opens the lesson in a pager, G goes to its end, q goes back"

# h: the first hint, then the second; both counted
keys h
wait_for 'FIRST-HINT-MARKER'
wait_for '1 of 2 seen'
keys h
wait_for 'SECOND-HINT-MARKER'
wait_for '2 of 2 seen'
keys q
wait_for ' n  *next'
ok "h shows the first hint, then the second, and q goes back"
grep -A3 '^name = copy$' "$(state_file "$course")" | grep -q '^hints = 2$' && ok "both hints are counted in the state" || fail "hints: $(cat "$(state_file "$course")")"

# x: asks first; anything but y keeps the file
echo "// learner work" >> "$file"
wait_for 'check 2 at' 60
keys x
wait_for 'Reset .* to the stub\? .*\(y/N\)'
keys Escape
wait_for 'Not reset'
ok "x asks first, and Escape answers no"
grep -q "learner work" "$file" && ok "without a yes, the learner's file stays" || fail "reset without a yes"
keys x
wait_for '\(y/N\)'
keys y
wait_for 'Your version is kept in'
wait_for 'check 3 at' 60
ok "x then y resets, says where the learner's version is, and checks again"
cmp -s "$file" "$TMP/stub.cl" && ok "x restores the stub" || fail "x did not restore the stub"
grep -q "learner work" "$file.bak" && ok "x keeps the learner's version in copy.cl.bak" || fail "x lost the learner's version"

# A pass, n, then p back and N to skip past a failing exercise.
cp "$course/solutions/copy.cl" "$file"
wait_for 'Passed' 60
keys n
wait_for '2\. Scale a buffer'
wait_for 'SCALE-LESSON-MARKER'
keys p
wait_for '1\. Copy a buffer'
keys N
wait_for '2\. Scale a buffer'
ok "after a pass, n moves on; p comes back; N skips a failing exercise"

# A narrower window is drawn again at its width.
tm resize-window -x 60 -y 20 2>/dev/null || tm resize-window -t 0 -x 60 -y 20
# The count sits at the right edge: it is only seen again if the screen was drawn for 60 columns.
wait_for '1/2 done *$'
ok "a narrower window is drawn again at its width"

keys q
wait_for 'CLINGS-EXIT=0'

wait_for 'TTY-SANE'
ok "q quits with status 0 and gives the terminal back sane"

# Tiny windows, and then SIGTERM: no crash, and the terminal is given back.
tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60
for size in "10 3" "5 1" "1 1" "30 6" "120 40"; do
	tm resize-window -x "${size% *}" -y "${size#* }"
	for _ in $(seq 100); do   # until the watcher has drawn at that size
		grep -q "^clings: trace: drawn at ${size% *}x${size#* }\$" "$CLINGS_TRACE" && break
		sleep 0.1
	done
	grep -q "^clings: trace: drawn at ${size% *}x${size#* }\$" "$CLINGS_TRACE" ||
		fail "not drawn at ${size/ /x}: $(grep drawn "$CLINGS_TRACE")"
done
keys l G q h q v q x n
wait_for ' n  *next'
kill -TERM "$(tui_pid)"
wait_for 'CLINGS-EXIT=143'
wait_for 'TTY-SANE'
ok "tiny windows do not crash it, and after SIGTERM the terminal is sane"

# With colour, wrong cells are red; the 'x' of "16 x 16" or of a word is not a cell.
tui_start "env -u NO_COLOR TERM=xterm-256color $CLINGS --course $course"
wait_for 'check 1 at' 60
red_x=$(tm capture-pane -p -e | grep -c "$(printf '\033')\[1m$(printf '\033')\[31mx")
[ "$red_x" -ge 2 ] && ok "with colour, wrong cells are red" || fail "wrong cells are not red: $(tm capture-pane -p -e | cat -v)"
keys q
wait_for 'CLINGS-EXIT=0'
ok "q quits the coloured watcher with status 0"
exit 0
