# The reference solution (s) at 80x24, in English and in Portuguese, on matmul_register, whose
# lines are the course's longest: a code line wider than the window goes on below between tokens,
# so every identifier and number of the solution is on screen whole somewhere in the pager; and
# no line of the pager is wider than the window.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course)
file="$course/exercises/matmul_register.cl"
solution=solutions/matmul_register.cl
state="$(state_file "$course")"
resize() { tm resize-window -x "$1" -y "$2" 2>/dev/null || tm resize-window -t 0 -x "$1" -y "$2"; }
# The solution's words: identifiers and numbers of its code, each on screen in both languages;
# and its comments' words, each in the language it is written in (s shows a comment in the
# learner's language alone), so each on screen in one of them.
code_words=$(sed 's|//.*||' "$solution" | grep -oE '[A-Za-z_][A-Za-z0-9_]{3,}|[0-9]+' | sort -u)
all_words=$(LC_ALL=C.UTF-8 grep -oE '[[:alpha:]_][[:alnum:]_]{3,}|[0-9]+' "$solution" | sort -u)
[ "$(wc -l <<<"$code_words")" -ge 30 ] && [ "$(wc -l <<<"$all_words")" -ge 100 ] ||
	fail "too few words in $solution"
longest=$(awk '{ gsub(/\t/, "    "); if (length > n) n = length } END { print n }' "$solution")
[ "$longest" -gt 76 ] || fail "no line of $solution is wider than 76 columns: this test shows nothing"

for lang in en pt-BR; do
	printf '[clings]\nversion = 1\ncurrent = matmul_register\n\n[exercise]\nname = matmul_register\ndone = no\nhints = 0\n' > "$state"
	cp "$solution" "$file"
	tui_start "$CLINGS --lang $lang --course $course"
	resize 80 24
	wait_for '(Passed|Passou|Aprovado)|✓' 180
	keys s
	wait_for '(Solution of|Solução de) matmul_register' 30
	seen=$TMP/seen-$lang
	: > "$seen"
	wide=
	last=
	for _ in $(seq 1 80); do
		page=$(screen)
		printf '%s\n' "$page" >> "$seen"
		# columns, not bytes: the Portuguese comments have accents
		w=$(printf '%s\n' "$page" | LC_ALL=C.UTF-8 wc -L)
		[ "$w" -gt 80 ] && wide=$w
		[ "$page" = "$last" ] && break
		last=$page
		keys Space
		# the next page is drawn when the screen changes, or the last page stays
		for _ in $(seq 1 100); do
			[ "$(screen)" != "$page" ] && break
			tm has-session 2>/dev/null || fail "the tmux session ended"
			sleep 0.01
		done
	done
	[ -z "$wide" ] && ok "$lang, 80x24: no line of the solution view is wider than 80 ($wide)" ||
		fail "$lang: a line of $wide columns"
	cut=
	while read -r word; do
		grep -qw -- "$word" "$seen" || cut="$cut $word"
	done <<<"$code_words"
	[ -z "$cut" ] && ok "$lang, 80x24: every identifier and number of the solution is whole on screen" ||
		fail "$lang, 80x24: cut or missing:$cut"
	keys q q
done
cut=
while read -r word; do
	LC_ALL=C.UTF-8 grep -qw -- "$word" "$TMP/seen-en" "$TMP/seen-pt-BR" || cut="$cut $word"
done <<<"$all_words"
[ -z "$cut" ] && ok "80x24: every word of the solution's comments is whole on screen in its language" ||
	fail "80x24: cut or missing in both languages:$cut"
