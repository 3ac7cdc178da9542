# One drawing of a report (ui/render.c): for a wrong kernel, the diagnosis lines that `clings
# check` prints are the ones the tutorial shows (tmux at 80x24, in the verdict's pager: scrolled,
# folded at spaces, no word cut, no line wider than the window) and the ones grading gives a
# student (TAP's message and Gradescope's Markdown), in English and in Portuguese.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course)
cp -r wrong "$course/"   # the course's wrong kernels: what a likeness is asked from
kernel="$TMP/no_guard.cl"
grep -v '^// expect: ' wrong/scale/no_guard.cl > "$kernel"   # as a learner would write it
state="$(state_file "$course")"
resize() { tm resize-window -x "$1" -y "$2" 2>/dev/null || tm resize-window -t 0 -x "$1" -y "$2"; }
# A diagnosis line, in either language: proved, or asked.
said='(The mistake, proved: |Could it be this: |O erro, comprovado: |Seria isto: )'
diagnoses() { grep -E "^$said" | sort -u; }
# Text as one line, its runs of spaces (a fold, an indent) one space.
flat() { tr '\n' ' ' | tr -s ' '; }

for lang in en pt-BR; do
	case $lang in
	en) own='^(The mistake, proved|Could it be this): ' other='^(O erro, comprovado|Seria isto): '
	    label='Out-of-bounds access' pager='Last verdict for scale' ;;
	*) own='^(O erro, comprovado|Seria isto): ' other='^(The mistake, proved|Could it be this): '
	   label='Acesso fora dos limites' pager='Último veredito de scale' ;;
	esac

	# clings check: the lines the others must show
	$CLINGS --course "$course" --lang "$lang" check scale --file "$kernel" --no-cache > "$TMP/check-$lang"
	want=$(diagnoses < "$TMP/check-$lang")
	[ -n "$want" ] && ok "$lang: clings check names the mistake ($(wc -l <<<"$want") lines)" ||
		fail "$lang: clings check shows no diagnosis: $(cat "$TMP/check-$lang")"
	grep -Eq "$other" <<<"$want" && fail "$lang: a diagnosis line in the other language: $want" ||
		ok "$lang: every diagnosis line of clings check is in $lang"
	grep -Ev "$own" <<<"$want" | grep -q . && fail "$lang: $want" || true

	# grading: what a student reads in TAP and in Gradescope's Markdown
	mkdir -p "$TMP/sub-$lang/exercises"
	cp "$kernel" "$TMP/sub-$lang/exercises/scale.cl"
	$CLINGS --course "$course" --lang "$lang" grade "$TMP/sub-$lang" --exercises scale \
		--format tap,gradescope --out "$TMP/grade-$lang" > /dev/null 2>&1 ||
		fail "$lang: clings grade failed"
	tap=$(sed -n 's/^    //p' "$TMP/grade-$lang/results.tap" | diagnoses)
	[ "$tap" = "$want" ] && ok "$lang: grading's TAP message shows the same diagnosis lines" ||
		fail "$lang: TAP shows [$tap], clings check [$want]"
	md=$(jq -r '.tests[0].output' "$TMP/grade-$lang/results.json" | diagnoses)
	[ "$md" = "$want" ] && ok "$lang: grading's Gradescope Markdown shows the same diagnosis lines" ||
		fail "$lang: Gradescope shows [$md], clings check [$want]"

	# the tutorial at 80x24: the verdict's pager (v), a line at a time down to its end
	printf '[clings]\nversion = 1\ncurrent = scale\n\n[exercise]\nname = scale\ndone = no\nhints = 0\n' > "$state"
	cp "$kernel" "$course/exercises/scale.cl"
	tui_start "$CLINGS --lang $lang --course $course"
	resize 80 24
	wait_for "$label" 180
	keys v
	wait_for "$pager" 30
	seen="$TMP/seen-$lang"
	screen | sed '1d;$d' > "$seen"   # the first page: all but the title and the keys
	wide=
	for _ in $(seq 1 200); do
		page=$(screen)
		w=$(printf '%s\n' "$page" | LC_ALL=C.UTF-8 wc -L)   # columns, not bytes
		[ "$w" -gt 80 ] && wide=$w
		# the title says which lines are shown: "first-last / all"
		range=$(printf '%s\n' "$page" | head -1 | sed -n 's|.* \([0-9]*\)-\([0-9]*\) / \([0-9]*\) *$|\2 \3|p')
		[ -n "$range" ] || fail "$lang: no range in the pager's title: $page"
		read -r last all <<<"$range"
		[ "$last" -ge "$all" ] && break
		keys j
		wait_for "-$((last + 1)) / $all" 30
		screen | sed -n '$!p' | tail -1 >> "$seen"   # the line that came in at the bottom
	done
	[ -z "$wide" ] && ok "$lang, 80x24: no line of the verdict's pager is wider than 80" ||
		fail "$lang: a line of $wide columns"
	shown=$(sed 's/^ *//' "$seen" | flat | grep -oE "$said[^?.]*[?.]" | sort -u)
	[ "$shown" = "$(printf '%s\n' "$want" | flat | grep -oE "$said[^?.]*[?.]" | sort -u)" ] &&
		ok "$lang, 80x24: the tutorial shows the same diagnosis lines, each word whole" ||
		fail "$lang: the tutorial shows [$shown], clings check [$want]: $(cat "$seen")"
	keys q q
done
