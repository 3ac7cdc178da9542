# The repair's ladder in the tutorial (tmux): after the verdict of a kernel that indexes by its
# local id where the global one belongs, the watcher looks for the smallest change and shows only
# its place; h shows its kind and not the edit; h again shows the edit.
. tests/lib.sh
unset CLINGS_REPAIR   # the repair is this test's subject
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
file="$course/exercises/copy.cl"
tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 60
sed 's/get_global_id/get_local_id/' "$course/solutions/copy.cl" > "$file"
wait_for "smallest change that makes every test pass is on line 4, in a work-item's index" 120
ok "after the verdict, the place of the smallest change"
screen | grep -q 'becomes\|Its kind' && fail "more than the place before h: $(screen)" ||
	ok "neither its kind nor the edit before h"
keys h
wait_for 'Its kind: a global index where a local one belongs, or the other way'
screen | grep -q 'becomes' && fail "the edit with the kind: $(screen)" || ok "h: its kind, not the edit"
keys q
keys h
wait_for 'The change: on line 4, column 13, get_local_id becomes get_global_id'
ok "h again: the edit itself"
keys q
# Fixed otherwise than by h: after the pass, the edit that was not asked for.
{ sed 's/get_global_id/get_local_id/' "$course/solutions/copy.cl"; echo '// again'; } > "$file"
wait_for 'check 3 at' 120
wait_for "smallest change that makes every test pass is on line 4, in a work-item's index" 120
cp "$course/solutions/copy.cl" "$file"
wait_for 'The change: on line 4, column 13, get_local_id becomes get_global_id' 120
screen | grep -q 'Passed' && ok "after a pass, the edit itself" || fail "after the pass: $(screen)"
keys q
exit 0
