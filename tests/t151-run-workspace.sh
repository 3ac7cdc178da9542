# The README's first command from a fresh clone, as a newcomer runs it, in tmux: ./run.sh makes a
# workspace of the learner's own outside the clone, says where, and opens the tutorial there; the
# learner solves the first exercise in the workspace's file; the clone's git status stays clean.
# A second ./run.sh opens the same workspace (made once), at the next exercise.
. tests/lib.sh
. tests/lib-tmux.sh
clone=$TMP/clone
git clone -q "$PWD" "$clone" || fail "git clone of the checkout failed"
# The build as this checkout made it (what ./run.sh's make would make again, minutes of both
# processors): copied, then marked newer than the clone's sources so that make finds it done.
cp -a build clings "$clone/"
find "$clone/build" "$clone/clings" -exec touch {} +
ws=$HOME/clings-exercises
first=$("$CLINGS" --course "$clone" list --names | head -1)
[ -n "$first" ] || fail "the course lists no exercise"

tui_start "cd $clone && ./run.sh"
wait_for "check 1 at" 120
[ -f "$ws/clings.ini" ] && ok "./run.sh made a workspace outside the clone ($ws)" ||
	fail "no workspace at $ws: $(screen)"
[ -f "$ws/exercises/$first.cl" ] && ok "the workspace holds the stubs" || fail "no $first.cl in the workspace"
n=$(check_number)
cp "$clone/solutions/$first.cl" "$ws/exercises/$first.cl"
wait_for "check $((n + 1)) at" 60
screen | grep -q 'Passed' && ok "the solution saved in the workspace passes on screen" || fail "no pass: $(screen)"
keys q
wait_for 'CLINGS-EXIT=0' 30
[ -z "$(git -C "$clone" status --porcelain)" ] && ok "the clone's git status is clean after solving an exercise" ||
	fail "the clone changed: $(git -C "$clone" status --porcelain)"
cmp -s "$clone/exercises/$first.cl" <(git -C "$clone" show "HEAD:exercises/$first.cl") &&
	ok "the clone's stub is the course's, untouched" || fail "the clone's stub was written"

# Again: the same workspace, not a second one; the tutorial goes on from the solved exercise.
out=$(cd "$clone" && ./run.sh list 2>&1)
printf '%s' "$out" | grep -q 'your workspace' && fail "a second ./run.sh made the workspace again: $out" ||
	ok "a second ./run.sh opens the same workspace"
printf '%s' "$out" | grep -Eq "done +$first|$first.*done|✓.*$first" && ok "the progress is the workspace's: $first is done" ||
	fail "the list does not show $first done: $out"
