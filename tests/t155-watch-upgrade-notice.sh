# An upgrade seen by the tutorial itself: when `clings` (the tutorial) is the first command after
# the course's stub of an exercise the learner worked on changed, the notice that the newer stub
# is beside the learner's file is shown inside the tutorial, first, in the learner's language; the
# screen used to hide it (stderr) until the learner quit. q goes on to the exercise.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course 2>/dev/null)
for lang in en pt-BR; do
	ws=$TMP/ws-$lang
	"$CLINGS" --course "$course" init "$ws" > /dev/null 2>&1 || fail "init $ws"
	echo "// my own work" >> "$ws/exercises/scale.cl"
	printf '// a newer stub %s\n' "$lang" | cat - "$course/exercises/scale.cl" > "$TMP/stub" && mv "$TMP/stub" "$course/exercises/scale.cl"
	tui_start "cd $ws && $CLINGS --lang $lang"
	if [ $lang = en ]; then title='Since you last worked here' said='the new stub is beside it'
	else title='Desde a última vez que você trabalhou aqui' said='o esqueleto novo está ao lado'
	fi
	wait_for "$title" 30
	ok "$lang: the tutorial opens on what changed since the learner last worked"
	flat=$(screen | tr '\n' ' ' | tr -s ' ')
	grep -q "$said" <<<"$flat" && grep -q 'scale.cl.new' <<<"$flat" && ok "$lang: it names the newer stub beside the learner's file" ||
		fail "$lang: the notice: $(screen)"
	keys q
	wait_for 'clings +1\.' 30
	ok "$lang: q goes on to the exercise"
	keys q
	wait_for 'CLINGS-EXIT=0' 30
	[ "$(tail -1 "$ws/exercises/scale.cl")" = "// my own work" ] && ok "$lang: the learner's work is as it was" || fail "$lang: scale.cl changed"
done
