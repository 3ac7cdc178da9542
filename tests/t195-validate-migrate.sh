# clings validate --migrate on a course of the previous format: tests/fixtures/previous-format
# holds scale and transpose_padded as the course had them at 6f2dec9 (before the diagnoses:
# wrong kernels without a // diagnosis: line, hand-written "What the check tests" sections, one
# why for the two properties of transpose_padded's [access local]), a few of their wrong
# kernels and one that passes. --migrate shows the diff and writes nothing; --write writes what
# it showed, each file's text before kept in .clings-backup/; then the course validates with
# 0 problems, and a second migration changes nothing. Bad input is refused at its file:line,
# with nothing written.
. tests/lib.sh
command -v oclgrind > /dev/null || skip_all "Oclgrind is not installed: validate runs no kernel"
F=tests/fixtures/previous-format
C="$TMP/course"
cp -r "$F" "$C"
run() { "$CLINGS" --course "$C" "$@"; }
sums() { (cd "$1" && find . -type f | sort | xargs md5sum); }

out=$(run validate --quick 2>&1)
printf '%s' "$out" | grep -q 'wrong/scale/no_guard.cl:3: a wrong kernel names its mistake' &&
	printf '%s' "$out" | grep -q "lessons/en/scale.md:95: a hand-written 'What the check tests'" &&
	printf '%s' "$out" | grep -q 'checks/transpose_padded.ini:60: \[access local\] requires 2 properties' &&
	ok "the course of the previous format has problems of each kind before it is migrated" ||
	fail "before: $out"

run validate --migrate > "$TMP/diff" 2> "$TMP/err"
rc=$?
[ "$rc" = 1 ] && grep -q '^13 files to change, shown above; nothing written' "$TMP/diff" &&
	ok "--migrate shows 13 files to change and exits 1" || fail "dry run ($rc): $(cat "$TMP/diff" "$TMP/err")"
[ "$(sums "$C")" = "$(sums "$F")" ] && [ ! -e "$C/.clings-backup" ] &&
	ok "--migrate alone writes nothing" || fail "the dry run wrote: $(diff -r "$F" "$C")"
grep -q '^+// diagnosis: none$' "$TMP/diff" && grep -q '^-// expect: out_of_bounds line 7$' "$TMP/diff" &&
	grep -q '^+// expect: out_of_bounds line @out_of_bounds$' "$TMP/diff" &&
	grep -q '^+{{check}}$' "$TMP/diff" && grep -q '^+shared.why.pt-BR = ' "$TMP/diff" &&
	ok "the diff shows each kind of rewrite" || fail "diff: $(cat "$TMP/diff")"
grep -q 'wrong/scale/ignores_factor.cl:2: // diagnosis: contract_ignored is what its check asks, not what it proves' "$TMP/err" &&
	! grep -q 'ok_early_return' "$TMP/err" &&
	ok "a diagnosis the check only asks is said so, at the line it goes to" || fail "asked: $(cat "$TMP/err")"

run validate --migrate --write > "$TMP/write" 2> "$TMP/err" &&
	grep -q '^13 files written; their text before is in .clings-backup/$' "$TMP/write" &&
	ok "--migrate --write writes the 13 files" || fail "write: $(cat "$TMP/write" "$TMP/err")"
# the diff shown is what was written: applied to the old files, it gives the new ones
P="$TMP/patched"
cp -r "$F" "$P"
sed '$d' "$TMP/diff" | (cd "$P" && patch -p1 --quiet) &&
	[ "$(sums "$P")" = "$(sums "$C" | grep -v '\.clings-backup')" ] &&
	ok "the diff --migrate showed, applied with patch, gives the files --write wrote" ||
	fail "patched: $(diff -r "$P" "$C")"
( cd "$C/.clings-backup" && find . -type f | while read -r f; do cmp -s "$f" "$LIB_ROOT/$F/$f" || echo "$f"; done ) > "$TMP/bad"
[ "$(find "$C/.clings-backup" -type f | wc -l)" = 13 ] && [ ! -s "$TMP/bad" ] &&
	ok "each file's text before is in .clings-backup/, byte for byte" || fail "backups: $(cat "$TMP/bad")"
sed -n 8p "$C/wrong/scale/no_guard.cl" | grep -q '^	out\[i\] = factor \* in\[i\]; // @out_of_bounds$' &&
	grep -q '^// message: The access is already guarded (line 8), yet' "$C/wrong/scale/off_by_one.cl" &&
	ok "the line an expectation meant is marked, and a message's line follows it" ||
	fail "kernels: $(head -9 "$C/wrong/scale/no_guard.cl" "$C/wrong/scale/off_by_one.cl")"

out=$(run validate 2>&1) && printf '%s' "$out" | grep -q '^2 exercises, 16 steps, 0 problems$' &&
	ok "after the migration the course validates with 0 problems" || fail "validate: $out"

before=$(sums "$C")
out=$(run validate --migrate 2>&1) && [ "$out" = "Nothing to migrate: the files are in today's format." ] &&
	out=$(run validate --migrate --write 2>&1) && [ "$out" = "Nothing to migrate: the files are in today's format." ] &&
	[ "$(sums "$C")" = "$before" ] && ok "a second migration changes nothing" || fail "again: $out"
out=$("$CLINGS" --course "$(copy_course)" validate --migrate 2>&1) &&
	[ "$out" = "Nothing to migrate: the files are in today's format." ] &&
	ok "the bundled course has nothing to migrate" || fail "bundled: $out"

# Bad input: said at its file:line, and nothing of the course written.
bad_copy() { rm -rf "$B"; cp -r "$F" "$B"; }
B="$TMP/bad"
refused() {   # refused WHAT PATTERN [OPTION]: the migration exits 2, says PATTERN, writes nothing
	run_b=$("$CLINGS" --course "$B" validate --migrate --write ${3:-} 2>&1)
	rc=$?
	[ "$rc" = 2 ] && printf '%s' "$run_b" | grep -q -- "$2" && [ ! -e "$B/.clings-backup" ] &&
		cmp -s "$B/lessons/en/scale.md" "$F/lessons/en/scale.md" &&
		ok "$1" || fail "$1 ($rc): $run_b"
}
bad_copy
sed -i '1s/line 7$/line 70/' "$B/wrong/scale/no_guard.cl"
refused "a line past the end is refused at its expectation" \
	"wrong/scale/no_guard.cl:1: line 70 is past the end of the kernel (8 lines): no line to mark"
bad_copy
printf '## More\n\nA NUL \0 byte.\n' >> "$B/lessons/pt-BR/scale.md"
refused "a NUL byte is refused at its line" "lessons/pt-BR/scale.md:112: a NUL byte: not a text file"
bad_copy
mkdir "$B/wrong/scale/odd.cl"
refused "a folder named like a kernel is refused" "wrong/scale/odd.cl: cannot read: Is a directory"
bad_copy
sed -i '1s/.*/\/\/ expect: out_of_bounds line 3/' "$B/wrong/scale/no_guard.cl"
refused "a line on the leading comment is refused" "wrong/scale/no_guard.cl:1: line 3 is in the kernel's leading comment"
bad_copy
sed -i '1s/out_of_bounds line 7/wrong_result/' "$B/wrong/scale/no_guard.cl"
refused "a kernel whose check now gets another verdict is refused" \
	"wrong/scale/no_guard.cl:1: expected wrong_result, but its check gets out_of_bounds now"
bad_copy
mkdir -p "$B/.clings-backup/checks"
echo kept > "$B/.clings-backup/checks/transpose_padded.ini"
out=$("$CLINGS" --course "$B" validate --migrate --write 2>&1)
[ $? = 2 ] && printf '%s' "$out" | grep -q 'clings-backup/checks/transpose_padded.ini: a backup of an earlier migration is there' &&
	[ "$(cat "$B/.clings-backup/checks/transpose_padded.ini")" = kept ] &&
	cmp -s "$B/checks/transpose_padded.ini" "$F/checks/transpose_padded.ini" &&
	ok "a backup already there is never written over: nothing is written" || fail "backup: $out"
bad_copy
refused "--quick runs no check: a kernel whose mistake only its check names is a problem" \
	"wrong/scale/ignores_factor.cl:1: its mistake is named by its check, which --quick does not run" --quick
out=$("$CLINGS" --course "$B" validate --write 2>&1)
[ $? = 2 ] && printf '%s' "$out" | grep -q 'give --migrate too' && ok "--write alone is refused" ||
	fail "--write: $out"
# clings(1) and the completion are made from the option table
scripts/from-help man "$CLINGS" | grep -q 'migrate' && scripts/from-help bash "$CLINGS" | grep -q 'validate) .*--migrate --write' &&
	ok "clings(1) and the bash completion name --migrate and --write" || fail "man or completion without --migrate"
out=$("$CLINGS" --lang pt-BR --course "$C" validate --migrate 2>&1)
[ "$out" = "Nada a migrar: os arquivos estão no formato de hoje." ] && ok "in Portuguese too" || fail "pt-BR: $out"
exit 0
