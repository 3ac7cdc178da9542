# The repair's ladder in the tutorial (tmux): after the verdict of a kernel whose guard lets one
# work-item too many through, the watcher looks for the smallest change and shows only its place;
# h shows its kind and not the edit; h again shows the edit.
. tests/lib.sh
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
file="$course/exercises/copy.cl"
tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60
sed 's/i < len/i <= len/' "$course/solutions/copy.cl" > "$file"
wait_for 'smallest change that makes every test pass is on line 5, in the guard' 120
ok "after the verdict, the place of the smallest change"
screen | grep -q 'becomes\|Its kind' && fail "more than the place before h: $(screen)" ||
	ok "neither its kind nor the edit before h"
keys h
wait_for 'Its kind: a comparison that lets one work-item too many through'
screen | grep -q 'becomes' && fail "the edit with the kind: $(screen)" || ok "h: its kind, not the edit"
keys q
keys h
wait_for 'The change: on line 5, column 8, <= becomes <'
ok "h again: the edit itself"
keys q
keys q
exit 0
