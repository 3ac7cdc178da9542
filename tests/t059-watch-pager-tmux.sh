# The pager in tmux: its text is set again at the window's width after a resize, narrower and
# wider, and the whole verdict (v) shows the compiler's log once, under its heading.
. tests/lib.sh
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
file="$course/exercises/copy.cl"
resize() { tm resize-window -x "$1" -y "$2" 2>/dev/null || tm resize-window -t 0 -x "$1" -y "$2"; }
# The lesson's first paragraph on one line, as it is set 100 columns wide (not at 58).
one_line='once per \*work-item\*\. Work-item `i` copies _one_ element:'

tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60
keys l
wait_for 'Lesson: Copy a buffer'
wait_for "$one_line"
# Narrower: the paragraph's end is seen again only if the text was set for 60 columns.
resize 60 20
wait_for '^ *copies _one_ element:'
keys G
wait_for 'COPY-LESSON-MARKER'
keys q
wait_for ' n  *next'
ok "the lesson's pager sets its text again for a narrower window"

# Opened narrow, then wider: the paragraph is on one line again.
keys l
wait_for '^ *copies _one_ element:'
resize 120 40
wait_for "$one_line"
keys q
wait_for ' n  *next'
ok "the lesson's pager, opened narrow, sets its text again for a wider window"

# v: the compiler's log once, under its heading.
printf '__kernel void copy(__global int *x) { x[0] = undeclared_y; }\n' > "$file"
wait_for 'Does not compile' 60
keys v
wait_for 'Last verdict for copy'
wait_for 'Compiler log:'
ok "v shows the last verdict with the compiler's log under its heading"
[ "$(screen | grep -c 'failed to build the program')" -eq 1 ] &&
	ok "v shows the compiler's log once" ||
	fail "v: the compiler's log is not there once: $(screen)"
keys q
wait_for ' n  *next'
keys q
wait_for 'CLINGS-EXIT=0'
wait_for 'TTY-SANE'
ok "q quits with status 0 and gives the terminal back sane"
exit 0
