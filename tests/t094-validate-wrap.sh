# validate's problem lines are wrapped at the terminal's width (here COLUMNS, stderr being a
# file), at 80 columns in a file with no COLUMNS, at their spaces, never cut in a word: joined
# again they are the whole line printed with COLUMNS=0 (one line a problem, for tools), and a
# report's message is whole however long (it was cut at 400 bytes).
. tests/lib.sh
course=$(copy_course)
run() { "$CLINGS" --course "$course" "$@"; }

# a long problem: a hand-written section, named with the course's long path
printf '\n## What the check tests\n\nBy hand.\n' >> "$course/lessons/en/scale.md"
COLUMNS=0 "$CLINGS" --course "$course" validate --quick scale > /dev/null 2> "$TMP/whole"
COLUMNS=60 run validate --quick scale > /dev/null 2> "$TMP/wrapped"
env -u COLUMNS "$CLINGS" --course "$course" validate --quick scale > /dev/null 2> "$TMP/file"
[ "$(wc -l < "$TMP/whole")" -eq 1 ] && ok "with COLUMNS=0, one problem is one line" ||
	fail "unwrapped: $(cat "$TMP/whole")"
[ "$(wc -l < "$TMP/file")" -gt 1 ] && [ -z "$(awk 'length($0) > 80 && / .* /' "$TMP/file")" ] &&
	ok "in a file with no width, the problem is wrapped at 80 columns" || fail "in a file: $(cat "$TMP/file")"
[ "$(wc -l < "$TMP/wrapped")" -gt 1 ] && ok "at 60 columns the problem takes several lines" ||
	fail "wrapped: $(cat "$TMP/wrapped")"
# every line fits, unless it is one word wider than the line (a long path)
wide=$(awk 'length($0) > 60 && ($0 ~ /^  .* / || $0 ~ /^[^ ].* /)' "$TMP/wrapped")
[ -z "$wide" ] && ok "no line of several words is wider than 60 columns" || fail "too wide: $wide"
joined=$(sed ':a;N;$!ba;s/\n  / /g' "$TMP/wrapped")
[ "$joined" = "$(cat "$TMP/whole")" ] && ok "joined again, the lines are the whole problem: no word cut" ||
	fail "joined: $joined / whole: $(cat "$TMP/whole")"

# A report's message is whole in the problem's line: here with a why of 400 characters.
cp "$course/lessons/en/scale.md" "$TMP/scale.md"
cp lessons/en/scale.md "$course/lessons/en/scale.md"
command -v oclgrind > /dev/null || skip_all "Oclgrind is not installed: no requirement is measured"
mkdir -p "$course/wrong/transpose_padded"
# expecting another verdict, validate prints the message it got
sed '1s/.*/\/\/ expect: wrong_result/' wrong/transpose_padded/unpadded.cl > "$course/wrong/transpose_padded/unpadded.cl"
long=$(for i in $(seq 10); do printf '  %s\\n' "$(printf "w$i-%d " $(seq 10))"; done)
sed -i "s/^conflicts.why = .*/conflicts.why = Long:\\n${long}  END./" "$course/checks/transpose_padded.ini"
COLUMNS=0 "$CLINGS" --course "$course" validate transpose_padded > /dev/null 2> "$TMP/err"
grep -F 'unpadded.cl' "$TMP/err" | grep -qF 'w10-10 END.' &&
	ok "a message of more than 400 bytes is whole in the problem's line" || fail "cut: $(cat "$TMP/err")"
exit 0
