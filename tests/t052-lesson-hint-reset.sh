# `clings lesson`, `clings hint` and `clings reset` outside watch mode, on the fixture course:
# plain text when piped, colour only on a terminal without NO_COLOR, hints counted in the state,
# the language's lesson with English as the fallback, and reset never losing the learner's file.
. tests/lib.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
run() { $CLINGS --course "$course" "$@"; }
esc=$(printf '\033')

# lesson: rendered Markdown, plain when piped
run lesson copy > "$TMP/out" || fail "lesson copy: exit $?"
grep -q '^Copy a buffer$' "$TMP/out" && grep -q '^=============$' "$TMP/out" || fail "heading: $(cat "$TMP/out")"
grep -q '^- find your index' "$TMP/out" || fail "list: $(cat "$TMP/out")"
grep -q '^    size_t i = get_global_id(0);$' "$TMP/out" || fail "code block: $(cat "$TMP/out")"
grep -q '^| `in`  | the input, read only |$' "$TMP/out" || fail "table: $(cat "$TMP/out")"
grep -q "$esc" "$TMP/out" && fail "escape sequences in piped output"
[ "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$TMP/out")" -le 80 ] || fail "lines wider than 80"
run lesson > "$TMP/out" && grep -q COPY-LESSON-MARKER "$TMP/out" || fail "lesson without a name is not the current one"
run --lang pt-BR lesson copy | grep -q COPY-LICAO-MARCA || fail "pt-BR lesson"
rm "$course/lessons/pt-BR/scale.md"
run --lang pt-BR lesson scale | grep -q SCALE-LESSON-MARKER || fail "no fallback to English"
run lesson no_such > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "unknown exercise: exit $rc, want 2"
rm "$course/lessons/en/scale.md"
run lesson scale > /dev/null 2> "$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q '^clings: .*scale.md' "$TMP/err" || fail "missing lesson: exit $rc, $(cat "$TMP/err")"

# colour: only on a terminal, never with NO_COLOR
if command -v script >/dev/null; then
	(unset NO_COLOR; script -qec "$CLINGS --course $course lesson copy" /dev/null) > "$TMP/tty" 2>&1
	grep -q "$esc\[" "$TMP/tty" || fail "no colour on a terminal"
	(export NO_COLOR=1; script -qec "$CLINGS --course $course lesson copy" /dev/null) > "$TMP/tty" 2>&1
	grep -q "$esc\[" "$TMP/tty" && fail "colour despite NO_COLOR"
fi

# hint: the next one each time, counted; the last one again once all were shown
run hint copy > "$TMP/out" || fail "hint: exit $?"
grep -q 'Hint 1 of 2' "$TMP/out" && grep -q FIRST-HINT-MARKER "$TMP/out" || fail "first hint: $(cat "$TMP/out")"
grep -q SECOND-HINT-MARKER "$TMP/out" && fail "the second hint came too early"
grep -A3 '^name = copy$' "$course/.clings-state" | grep -q '^hints = 1$' || fail "hint not counted: $(cat "$course/.clings-state")"
run hint copy | grep -q SECOND-HINT-MARKER || fail "second hint"
run hint copy > "$TMP/out"
grep -q 'Hint 2 of 2' "$TMP/out" && grep -q 'that is the last hint of copy' "$TMP/out" ||
	fail "after the last hint, it must say it is the last again: $(cat "$TMP/out")"
grep -A3 '^name = copy$' "$course/.clings-state" | grep -q '^hints = 2$' || fail "hints counted past the last"
rm "$course/lessons/en/scale.hints.md" "$course/lessons/pt-BR/scale.hints.md"
run hint scale > /dev/null 2> "$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q '^clings: scale: no hints' "$TMP/err" || fail "no hints: exit $rc, $(cat "$TMP/err")"

# reset: usage, and no pristine stub anywhere is an error that touches nothing
run reset > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "reset without an exercise: exit $rc, want 2"
stub="$course/exercises/copy.cl"
cp "$stub" "$TMP/stub.cl"
echo "// my work" >> "$stub"
run reset copy > /dev/null 2> "$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q 'no pristine copy' "$TMP/err" || fail "reset without a stub: exit $rc, $(cat "$TMP/err")"
grep -q "my work" "$stub" || fail "a failed reset changed the learner's file"

# ... from git's HEAD
if command -v git >/dev/null; then
	mkdir "$TMP/git" && cp -r tests/fixtures/course "$TMP/git/course"
	g="$TMP/git/course"
	git -C "$TMP/git" init -q && git -C "$TMP/git" add . &&
		git -C "$TMP/git" -c user.name=t -c user.email=t@t commit -qm stub || fail "git setup"
	echo "// version one" >> "$g/exercises/copy.cl"
	$CLINGS --course "$g" reset copy > "$TMP/out" || fail "reset from git: exit $?"
	cmp -s "$g/exercises/copy.cl" "$TMP/stub.cl" || fail "reset did not restore the stub"
	grep -q "version one" "$g/exercises/copy.cl.bak" || fail "no backup of the learner's version"
	grep -q 'copy.cl.bak' "$TMP/out" || fail "reset does not say where the backup is: $(cat "$TMP/out")"
	$CLINGS --course "$g" reset copy | grep -q 'already the stub' || fail "second reset"
	echo "// version two" >> "$g/exercises/copy.cl"
	$CLINGS --course "$g" reset copy > /dev/null || fail "third reset"
	grep -q "version one" "$g/exercises/copy.cl.bak" || fail "an older backup was overwritten"
	grep -q "version two" "$g/exercises/copy.cl.2.bak" || fail "no second backup"
fi

# ... from NAME.cl.orig
cp "$TMP/stub.cl" "$stub.orig"
run reset copy > /dev/null || fail "reset from .orig: exit $?"
cmp -s "$stub" "$TMP/stub.cl" || fail "reset from .orig did not restore the stub"
grep -q "my work" "$stub.bak" || fail "reset from .orig lost the learner's version"
exit 0
