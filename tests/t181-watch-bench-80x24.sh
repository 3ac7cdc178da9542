# B (the bench in the tutorial) at 80x24, in English and in Portuguese, on matmul_tiled, a
# multiply whose bench counts its operations: no line of the bench view is wider than the
# window, every word of the bench's report is on screen whole (the report's words come from
# `clings bench` with COLUMNS=0, its lines as long as they come), and the table has the columns
# of such an exercise: GFLOP/s and the share of the peak beside GB/s and the share of a copy.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course)
ex=matmul_tiled
cp "solutions/$ex.cl" "$course/exercises/$ex.cl"
state="$(state_file "$course")"
resize() { tm resize-window -x "$1" -y "$2" 2>/dev/null || tm resize-window -t 0 -x "$1" -y "$2"; }
# whole tokens (16x16 is one), those that start with a letter
words() { LC_ALL=C.UTF-8 grep -oE '[[:alnum:]_-]+' "$@" | LC_ALL=C.UTF-8 grep -E '^[[:alpha:]].{2,}$' | sort -u; }

for lang in en pt-BR; do
	report=$TMP/report-$lang
	COLUMNS=0 "$CLINGS" --course "$course" --lang $lang bench $ex > "$report" 2>&1 ||
		fail "$lang: clings bench $ex: $(cat "$report")"
	head=$(grep -E '^  (work-group|grupo de trabalho) ' "$report")
	grep -q 'GFLOP/s' <<<"$head" && grep -q 'GB/s' <<<"$head" &&
		ok "$lang: the bench of a multiply shows GFLOP/s beside GB/s" || fail "$lang: the table: $head"
	grep -qi 'auto' "$report" && fail "$lang: a work-group named auto: $(cat "$report")"

	printf '[clings]\nversion = 1\ncurrent = %s\n\n[exercise]\nname = %s\ndone = no\nhints = 0\n' $ex $ex > "$state"
	tui_start "$CLINGS --lang $lang --course $course"
	resize 80 24
	wait_for '(Passed|Passou|Aprovado)|✓' 180
	keys B
	wait_for '(Bench of|Bench de|Medição de|Medindo) '"$ex"'|^ *(work-group|grupo de trabalho) ' 300
	wait_for 'GFLOP/s' 300
	seen=$TMP/seen-$lang
	: > "$seen"
	wide=0
	last=
	for _ in $(seq 1 40); do
		page=$(screen)
		printf '%s\n' "$page" >> "$seen"
		w=$(printf '%s\n' "$page" | LC_ALL=C.UTF-8 wc -L)   # columns, not bytes
		[ "$w" -gt "$wide" ] && wide=$w
		[ "$page" = "$last" ] && break
		last=$page
		keys Space
		for _ in $(seq 1 100); do   # the next page is drawn when the screen changes
			[ "$(screen)" != "$page" ] && break
			tm has-session 2>/dev/null || fail "the tmux session ended"
			sleep 0.01
		done
	done
	[ "$wide" -le 80 ] && ok "$lang, 80x24: no line of the bench view is wider than 80 ($wide)" ||
		fail "$lang: a line of $wide columns"
	cut=
	while read -r word; do
		LC_ALL=C.UTF-8 grep -qw -- "$word" "$seen" || cut="$cut $word"
	done < <(words "$report")
	[ -z "$cut" ] && ok "$lang, 80x24: every word of the bench's report is whole on screen" ||
		fail "$lang, 80x24: cut or missing:$cut"
	keys q q
done
