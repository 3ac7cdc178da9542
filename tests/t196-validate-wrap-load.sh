# validate's problems are wrapped from its start: a problem the course has as it loads (an
# exercise ini's unknown key, here) was one line of any length in a file, printed before the
# width was set; and the migration's problems are wrapped as validate's are. In a file with no
# COLUMNS at 80 columns, at COLUMNS otherwise, at spaces only: joined again, the lines are the
# one line COLUMNS=0 prints.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/previous-format "$C"
# wrapped (stderr of "$@" with COLUMNS=$1; "" for none) against whole: the same words, and no
# line of several words (after its indent) wider than the width
wrapped_as_whole() {
	local width=$1
	shift
	COLUMNS=0 "$CLINGS" --course "$C" "$@" > /dev/null 2> "$TMP/whole"
	if [ -n "$width" ]; then
		COLUMNS=$width "$CLINGS" --course "$C" "$@" > /dev/null 2> "$TMP/wrapped"
	else
		env -u COLUMNS "$CLINGS" --course "$C" "$@" > /dev/null 2> "$TMP/wrapped"
	fi
	width=${width:-80}
	[ "$(wc -l < "$TMP/whole")" -ge 1 ] && [ "$(wc -l < "$TMP/wrapped")" -gt "$(wc -l < "$TMP/whole")" ] &&
		[ -z "$(awk -v w="$width" '{ s = $0; sub(/^ +/, "", s) } length($0) > w && s ~ / /' "$TMP/wrapped")" ] &&
		[ "$(sed ':a;N;$!ba;s/\n  / /g' "$TMP/wrapped")" = "$(cat "$TMP/whole")" ]
}

echo "a_key_no_exercise_has_and_which_is_long_enough = to make a problem longer than a line" >> "$C/exercises/scale.ini"
wrapped_as_whole "" validate --quick && grep -q 'exercises/scale.ini:5: unknown key' "$TMP/whole" &&
	ok "a problem of the course as it loads is wrapped at 80 columns in a file" ||
	fail "loading: $(cat "$TMP/wrapped")"
wrapped_as_whole 50 validate --quick && ok "and at COLUMNS" || fail "loading at 50: $(cat "$TMP/wrapped")"
wrapped_as_whole 50 --lang pt-BR validate --quick && ok "in Portuguese too" || fail "pt-BR: $(cat "$TMP/wrapped")"

rm -rf "$C"
cp -r tests/fixtures/previous-format "$C"
sed -i '1s/line 7$/line 70/' "$C/wrong/scale/no_guard.cl"
wrapped_as_whole "" validate --migrate scale && grep -q 'no_guard.cl:1: line 70 is past the end' "$TMP/whole" &&
	ok "the migration's problems are wrapped too" || fail "migrate: $(cat "$TMP/wrapped")"
exit 0
