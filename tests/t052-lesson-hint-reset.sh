# `clings lesson`, `clings hint` and `clings reset` outside watch mode, on the fixture course:
# plain text when piped, colour only on a terminal without NO_COLOR, hints counted in the state,
# the language's lesson with English as the fallback, and reset never losing the learner's file.
. tests/lib.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
run() { $CLINGS --course "$course" "$@"; }
esc=$(printf '\033')

# lesson: rendered Markdown, plain when piped
run lesson copy > "$TMP/out" && ok "lesson copy exits 0" || fail "lesson copy: exit $?"
grep -q '^Copy a buffer$' "$TMP/out" && grep -q '^=============$' "$TMP/out" && ok "the heading is underlined" || fail "heading: $(cat "$TMP/out")"
grep -q '^- find your index' "$TMP/out" && ok "a list item is rendered" || fail "list: $(cat "$TMP/out")"
grep -q '^    size_t i = get_global_id(0);$' "$TMP/out" && ok "a code block is indented" || fail "code block: $(cat "$TMP/out")"
grep -q '^| `in`  | the input, read only |$' "$TMP/out" && ok "a table's columns are aligned" || fail "table: $(cat "$TMP/out")"
grep -q "$esc" "$TMP/out" && fail "escape sequences in piped output" || ok "piped output has no escape sequence"
[ "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$TMP/out")" -le 80 ] && ok "no line is wider than 80" || fail "lines wider than 80"
run lesson > "$TMP/out" && grep -q COPY-LESSON-MARKER "$TMP/out" && ok "lesson without a name shows the current one" || fail "lesson without a name is not the current one"
run --lang pt-BR lesson copy | grep -q COPY-LICAO-MARCA && ok "--lang pt-BR shows the Portuguese lesson" || fail "pt-BR lesson"
rm "$course/lessons/pt-BR/scale.md"
run --lang pt-BR lesson scale | grep -q SCALE-LESSON-MARKER && ok "a lesson missing in Portuguese falls back to English" || fail "no fallback to English"
run lesson no_such > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "lesson of an unknown exercise exits 2" || fail "unknown exercise: exit $rc, want 2"
rm "$course/lessons/en/scale.md"
run lesson scale > /dev/null 2> "$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q '^clings: .*scale.md' "$TMP/err" && ok "a missing lesson exits 1 and names the file" || fail "missing lesson: exit $rc, $(cat "$TMP/err")"

# colour: only on a terminal, never with NO_COLOR
if command -v script >/dev/null; then
	(unset NO_COLOR; script -qec "$CLINGS --course $course lesson copy" /dev/null) > "$TMP/tty" 2>&1
	grep -q "$esc\[" "$TMP/tty" && ok "a lesson on a terminal is in colour" || fail "no colour on a terminal"
	(export NO_COLOR=1; script -qec "$CLINGS --course $course lesson copy" /dev/null) > "$TMP/tty" 2>&1
	grep -q "$esc\[" "$TMP/tty" && fail "colour despite NO_COLOR" || ok "NO_COLOR turns the colour off on a terminal"
fi

# hint: the next one each time, counted; the last one again once all were shown
run hint copy > "$TMP/out" && ok "hint copy exits 0" || fail "hint: exit $?"
grep -q 'Hint 1 of 2' "$TMP/out" && grep -q FIRST-HINT-MARKER "$TMP/out" && ok "the first hint comes first, as 1 of 2" || fail "first hint: $(cat "$TMP/out")"
grep -q SECOND-HINT-MARKER "$TMP/out" && fail "the second hint came too early" || ok "the second hint waits for the next hint"
grep -A3 '^name = copy$' "$(state_file "$course")" | grep -q '^hints = 1$' && ok "the hint is counted in the state" || fail "hint not counted: $(cat "$(state_file "$course")")"
run hint copy | grep -q SECOND-HINT-MARKER && ok "the next hint is the second" || fail "second hint"
run hint copy > "$TMP/out"
grep -q 'Hint 2 of 2' "$TMP/out" && grep -q 'that is the last hint of copy' "$TMP/out" &&
	ok "after the last hint, the last again, saying so" ||
	fail "after the last hint, it must say it is the last again: $(cat "$TMP/out")"
grep -A3 '^name = copy$' "$(state_file "$course")" | grep -q '^hints = 2$' && ok "hints are not counted past the last" || fail "hints counted past the last"
rm "$course/lessons/en/scale.hints.md" "$course/lessons/pt-BR/scale.hints.md"
run hint scale > /dev/null 2> "$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q '^clings: scale: no hints' "$TMP/err" && ok "an exercise without hints exits 1 and says so" || fail "no hints: exit $rc, $(cat "$TMP/err")"

# reset: usage, and no pristine stub anywhere is an error that touches nothing
run reset > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "reset without an exercise exits 2" || fail "reset without an exercise: exit $rc, want 2"
stub="$course/exercises/copy.cl"
cp "$stub" "$TMP/stub.cl"
echo "// my work" >> "$stub"
run reset copy > /dev/null 2> "$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q 'no pristine copy' "$TMP/err" && ok "reset with no pristine stub exits 1 and says so" || fail "reset without a stub: exit $rc, $(cat "$TMP/err")"
grep -q "my work" "$stub" && ok "a failed reset leaves the learner's file as it was" || fail "a failed reset changed the learner's file"

# ... from git's HEAD
if command -v git >/dev/null; then
	mkdir "$TMP/git" && cp -r tests/fixtures/course "$TMP/git/course"
	g="$TMP/git/course"
	git -C "$TMP/git" init -q && git -C "$TMP/git" add . &&
		git -C "$TMP/git" -c user.name=t -c user.email=t@t commit -qm stub || fail "git setup"
	echo "// version one" >> "$g/exercises/copy.cl"
	$CLINGS --course "$g" reset copy > "$TMP/out" && ok "reset from git's HEAD exits 0" || fail "reset from git: exit $?"
	cmp -s "$g/exercises/copy.cl" "$TMP/stub.cl" && ok "reset restores the stub from git" || fail "reset did not restore the stub"
	grep -q "version one" "$g/exercises/copy.cl.bak" && ok "the learner's version is kept in copy.cl.bak" || fail "no backup of the learner's version"
	grep -q 'copy.cl.bak' "$TMP/out" && ok "reset says where the backup is" || fail "reset does not say where the backup is: $(cat "$TMP/out")"
	$CLINGS --course "$g" reset copy | grep -q 'already the stub' && ok "a second reset says the file is already the stub" || fail "second reset"
	echo "// version two" >> "$g/exercises/copy.cl"
	$CLINGS --course "$g" reset copy > /dev/null && ok "a third reset exits 0" || fail "third reset"
	grep -q "version one" "$g/exercises/copy.cl.bak" && ok "an older backup is never overwritten" || fail "an older backup was overwritten"
	grep -q "version two" "$g/exercises/copy.cl.2.bak" && ok "the next backup is copy.cl.2.bak" || fail "no second backup"
fi

# ... from NAME.cl.orig
cp "$TMP/stub.cl" "$stub.orig"
run reset copy > /dev/null && ok "reset from copy.cl.orig exits 0" || fail "reset from .orig: exit $?"
cmp -s "$stub" "$TMP/stub.cl" && ok "reset restores the stub from copy.cl.orig" || fail "reset from .orig did not restore the stub"
grep -q "my work" "$stub.bak" && ok "reset from .orig keeps the learner's version" || fail "reset from .orig lost the learner's version"
exit 0
