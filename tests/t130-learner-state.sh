# A learner's progress and verdict cache live apart from the course ($XDG_STATE_HOME/clings/KEY,
# $XDG_CACHE_HOME/clings/KEY); the files an older clings left in the course are moved there once,
# never lost; and the tests pass in a checkout a learner has used, with progress both in the
# checkout and in the learner's own state directory, without reading or moving either.
. tests/lib.sh
course=$TMP/course
cp -r tests/fixtures/course "$course"
state=$(learner_dir state "$course")
cache=$(learner_dir cache "$course")
old='[clings]\nversion = 1\ncurrent = scale\n\n[exercise]\nname = copy\ndone = yes\nhints = 1\nlast = pass\n'

# An older clings' files in the course: moved on the first command.
printf "$old" > "$course/.clings-state"
: > "$course/.clings-state.lock"
mkdir -p "$course/.clings-cache"
echo 'an old verdict' > "$course/.clings-cache/copy"
out=$(env -u CLINGS_NO_MIGRATION "$CLINGS" --course "$course" list 2>&1)
printf '%s\n' "$out" | grep -Eq '^ *1 +done +copy' && ok "the old progress is read after the move" || fail "list: $out"
printf '%s\n' "$out" | grep -q 'current' && ok "the old current exercise is kept" || fail "no current: $out"
[ ! -e "$course/.clings-state" ] && [ ! -e "$course/.clings-state.lock" ] && [ ! -e "$course/.clings-cache" ] &&
	ok "nothing of the learner's is left in the course" || fail "left in the course: $(ls -A "$course")"
grep -qx 'name = copy' "$state/progress.ini" && ok "the progress is in the state directory" ||
	fail "no progress in $state: $(ls -A "$state" 2>&1)"
[ "$(cat "$cache/copy" 2>&1)" = 'an old verdict' ] && ok "the old cache is in the cache directory" ||
	fail "the cache did not move: $(ls -A "$cache" 2>&1)"
case $state in "$XDG_STATE_HOME/clings/course-"*) ok "the state directory is named by the course's base name" ;;
	*) fail "state directory: $state" ;; esac

# Once moved, an old file that turns up again (an older clings run meanwhile) is never lost:
# the newer progress wins and the old file stays where it is.
printf '[clings]\nversion = 1\ncurrent = copy\n' > "$course/.clings-state"
env -u CLINGS_NO_MIGRATION "$CLINGS" --course "$course" list > /dev/null 2>&1
[ -f "$course/.clings-state" ] && ok "an old file is not moved over newer progress" || fail "the old file went"
grep -qx 'current = scale' "$state/progress.ini" && ok "the newer progress is kept" ||
	fail "progress overwritten: $(cat "$state/progress.ini")"
rm "$course/.clings-state"

# A second course of the same name elsewhere has progress of its own.
mkdir -p "$TMP/other"
cp -r tests/fixtures/course "$TMP/other/course"
"$CLINGS" --course "$TMP/other/course" list | grep -Eq '^ *1 +new +copy' && ok "another course of the same name starts afresh" ||
	fail "another course shares the progress"

# A checkout a learner has used: progress in the checkout (an older clings) and in the learner's
# state directory for it. Its tests still pass, and neither file is read, moved or changed.
co=$TMP/checkout
mkdir -p "$co/build"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - 2>/dev/null | tar -xf - -C "$co"
cp clings "$co/clings"
[ -f build/clings-access.so ] && cp build/clings-access.so "$co/build/"
learner=$TMP/learner-home
# every exercise done: a test that read it would find no ' new ' in the list
done_all='[clings]\nversion = 1\ncurrent = memory_4\n'
for ini in exercises/*.ini; do done_all+="\n[exercise]\nname = $(basename "$ini" .ini)\ndone = yes\nhints = 2\nlast = pass\n"; done
printf "$done_all" > "$co/.clings-state"
real_state=$(HOME=$learner XDG_STATE_HOME= "$LIB_ROOT/tests/learner-dir" state "$co")
mkdir -p "$real_state"
printf "$done_all" > "$real_state/progress.ini"
before=$(md5sum "$co/.clings-state" "$real_state/progress.ini")
out=$(cd "$co" && env -u XDG_STATE_HOME -u XDG_CACHE_HOME -u CLINGS_NO_MIGRATION -u POCL_CACHE_DIR \
	HOME="$learner" TAP_LOG= tests/run-all t012 2>&1)
printf '%s\n' "$out" | grep -q '^[1-9][0-9]* passed, 0 failed$' &&
	ok "the catalog test passes in a checkout with a learner's progress" || fail "run-all t012: $out"
[ "$(md5sum "$co/.clings-state" "$real_state/progress.ini")" = "$before" ] &&
	ok "the tests neither moved nor changed the learner's progress" || fail "the learner's progress changed"
[ -z "$(ls -A "$learner/.local/state/clings" | grep -v "^$(basename "$real_state")\$")" ] &&
	ok "the tests wrote nothing into the learner's state directory" ||
	fail "written into the learner's state: $(ls -A "$learner/.local/state/clings")"
exit 0
