# The tutorial in 80x24, in English and in Portuguese: the legend keeps its essential keys (q and ?
# above all), ? lists every key, and the verdict takes at most half of the rows below the title,
# with v for the rest.
. tests/lib.sh
. tests/lib-tmux.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
resize() { tm resize-window -x "$1" -y "$2" 2>/dev/null || tm resize-window -t 0 -x "$1" -y "$2"; }

for lang in en pt-BR; do
	tui_start "$CLINGS --lang $lang --course $course"
	wait_for '(check|verificação) 1 (at|às)' 60
	resize 80 24   # once it runs: a resize before it has taken the terminal may not reach it
	wait_for '0/2 [^ ]+ *$'   # the count at the right edge: drawn again for 80 columns
	if [ $lang = en ]; then
		words='n next|N skip|p prev|l lesson|h hint|L list|↑↓ scroll|\? keys|q quit'
	else
		words='n próximo|N pular|\? teclas|q sair'
	fi
	wait_for ' q (quit|sair) *$'
	legend=$(screen | tail -1)
	missing=
	IFS='|' read -ra want <<< "$words"
	for k in "${want[@]}"; do
		printf '%s\n' "$legend" | grep -Eq "(^| )$k( |$)" || missing="$missing [$k]"
	done
	[ -z "$missing" ] && ok "$lang, 80x24: the legend shows its essential keys" ||
		fail "$lang, 80x24: missing$missing in: $legend"
	[ "$(printf '%s' "$legend" | wc -m)" -le 80 ] && ok "$lang, 80x24: the legend fits the row" ||
		fail "$lang: the legend is wider than 80: $legend"

	# The verdict: at most 10 of the 20 rows below the title, the lesson keeps the rest.
	rule=$(screen | grep -n -m1 '^─ ' | cut -d: -f1)
	[ -n "$rule" ] && [ "$rule" -ge 12 ] && ok "$lang, 80x24: the lesson keeps half the screen (rule at row $rule)" ||
		fail "$lang, 80x24: the rule at row '$rule': $(screen)"
	screen | grep -Eq '\((mais )?[0-9]+ (more lines: press|linhas: tecle) v\)' && ok "$lang, 80x24: a longer verdict says v shows the rest" ||
		fail "$lang, 80x24: no word of v: $(screen)"

	# ?: every key of the main view, each one named
	keys '?'
	wait_for '^ (Keys|Teclas) '
	top=$(screen)
	keys G
	bottom=$top
	for _ in $(seq 50); do   # until G has scrolled to the end (the page is longer than 24 rows)
		bottom=$(screen)
		[ "$bottom" != "$top" ] && break
		sleep 0.1
	done
	all="$top
$bottom"
	missing=
	for k in n N p l h v L r x s A B '?' q; do
		printf '%s\n' "$all" | grep -Fq -- "*$k*:" || missing="$missing $k"
	done
	[ -z "$missing" ] && ok "$lang: ? lists every key" || fail "$lang: ? lacks:$missing: $all"
	keys q
	wait_for ' q (quit|sair) *$'
	keys q
	wait_for 'CLINGS-EXIT=0'
done
exit 0
