# The course list (L) at 80x24, in English and in Portuguese: every exercise's name whole, the
# current one's marker and its last verdict whole; a title that does not fit gives way, cut after
# a whole word with an ellipsis. The current exercise has the course's longest title. A status
# wider than the window (the reset's question, with the file's whole path) takes two rows,
# broken at a space, its last word whole.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course)
state="$(state_file "$course")"
names=$("$CLINGS" --course "$course" list --names)
for lang in en pt-BR; do
	printf '[clings]\nversion = 1\ncurrent = scan_blelloch\n\n[exercise]\nname = scan_blelloch\ndone = no\nhints = 0\nlast = barrier_divergence\n' > "$state"
	tui_start "$CLINGS --lang $lang --course $course"
	tm resize-window -x 80 -y 24 2>/dev/null || tm resize-window -t 0 -x 80 -y 24
	wait_for '(clings +17\.)' 30
	keys L
	wait_for '(The course|O curso): 0 (of|de) 22' 30
	keys G   # the last rows too
	wait_for ' 22  ' 10
	seen=$(screen)
	keys g
	wait_for '  1  ' 10
	seen="$seen
$(screen)"
	cut=
	while read -r name; do
		grep -Eq "  $name( |\$)" <<<"$seen" || cut="$cut $name"
	done <<<"$names"
	[ -z "$cut" ] && ok "$lang, 80x24: every exercise's name is whole in the list" || fail "$lang, 80x24: cut:$cut in: $seen"
	row=$(grep -E '  scan_blelloch  ' <<<"$seen" | head -1)
	grep -Eq '<- (current|atual)  \((last|último): [^)]+\)$' <<<"$row" &&
		ok "$lang, 80x24: the current one's marker and last verdict are whole" || fail "$lang, 80x24: $row"
	grep -q '…  scan_blelloch' <<<"$row" && ok "$lang, 80x24: its long title gives way, with an ellipsis" ||
		fail "$lang: the title: $row"
	keys q
	wait_for 'clings +17\.' 10
	keys x
	wait_for '\((y|s)/N\)' 10
	status=$(screen | tail -3 | head -2 | tr '\n' ' ')
	grep -Eq '\.bak( file)?\. *$|\.bak\. *$' <<<"${status% }" && ok "$lang, 80x24: a long status goes on a second row, whole" ||
		fail "$lang, 80x24: the status: $(screen | tail -3)"
	keys n
	keys q
done
