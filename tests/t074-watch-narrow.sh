# The watcher in a narrow window: a long title is cut after a whole word, with an ellipsis (the
# exercise's name goes first), and the whole verdict (v) is wrapped so that no word is broken.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course 2>/dev/null)
printf '[clings]\nversion = 1\ncurrent = transpose_padded\n' > "$(state_file "$course")"
resize() { tm resize-window -x "$1" -y "$2" 2>/dev/null || tm resize-window -t 0 -x "$1" -y "$2"; }
title="Padded tiles: transposing without bank conflicts"

tui_start "$CLINGS --course $course"
wait_for 'check 1 at' 90
screen | sed -n 1,2p | grep -q "$title  transpose_padded" &&
	ok "a wide window shows the whole title and the exercise's name" ||
	fail "wide title: $(screen | sed -n 1,2p)"
resize 62 30
wait_for 'Padded tiles: transposing…'
row=$(screen | grep -m1 'clings  ')
printf '%s' "$row" | grep -q 'transpose_padd' && fail "the exercise's name is cut: $row" ||
	ok "a narrow window drops the exercise's name rather than cut it"
printf '%s' "$row" | grep -Eq 'transposing… ' &&
	ok "the title is cut after its last whole word, with an ellipsis" || fail "cut title: $row"

# A long verdict in the pager at 62 columns: every word on screen is a whole word of the
# verdict (its message, diagnoses and test lines, as `check --json` gives them).
$CLINGS --course "$course" check transpose_padded --json 2>/dev/null | grep '^{' |
	jq -r '.message, .picture, (.diagnoses[]? | .title), (.tests[]? | .name, .detail)' > "$TMP/verdict"
echo "The mistake, proved: Could it be this?" >> "$TMP/verdict"   # the diagnoses' own words
# the watcher names the file by its whole path, one word longer than the line: cut, as it must be
echo "$course/exercises/transpose_padded.cl" >> "$TMP/verdict"
tr -cs '[:alnum:]_' '\n' < "$TMP/verdict" | sort -u > "$TMP/words"
[ "$(wc -l < "$TMP/words")" -gt 10 ] || fail "no verdict words to compare: $(cat "$TMP/words")"
# At 62 columns, and at 130 (wider than the pager's text, 100 columns).
for cols in 62 130; do
	resize "$cols" 40
	keys v
	wait_for 'Last verdict for transpose_padded'
	screen | sed -n '/Last verdict for/,$p' | sed '1,2d' | grep -v 'top, end' | tr -cs '[:alnum:]_' '\n' | sort -u > "$TMP/shown"
	[ "$(wc -l < "$TMP/shown")" -gt 10 ] || fail "the verdict pager is empty: $(screen)"
	broken=$(comm -23 "$TMP/shown" "$TMP/words" | grep -Ev '^(pass|fail|skip|right|wrong|x|[0-9]+|)$' | tr '\n' ' ')
	[ -z "$broken" ] && ok "the whole verdict (v) breaks no word at $cols columns" ||
		fail "words on screen that the verdict does not have (broken?): $broken
$(screen)"
	keys q
	wait_for ' n  *next'
done
keys q
wait_for 'CLINGS-EXIT=0'
exit 0
