# The tutorial of --learner (what ./run.sh runs) makes the next exercises' first checks ahead, as
# `clings prepare --after-current` does, at a low priority while the first lesson is read (run.sh
# used to start it; clings does now): with the first exercise open, the second's stub gets its
# verdict in the cache, so that its first check is answered at once; one q still quits.
. tests/lib.sh
. tests/lib-watch.sh
course=$TMP/course
cp -r tests/fixtures/course "$course"
cache=$(learner_dir cache "$course")
start_watch "$course" "$TMP/out" --learner
wait_checks "$TMP/out" 1 copy
ok "the tutorial of --learner opens the first exercise and checks it"
for _ in $(seq 1800); do   # the prepare's check of scale, at most 3 minutes on a loaded machine
	[ -f "$cache/scale" ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
[ -f "$cache/scale" ] && ok "the next exercise's stub was checked ahead, its verdict kept" ||
	fail "no verdict of scale was kept ahead: $(ls "$cache" 2>&1); $(cat "$TMP/out")"
count_checks "$TMP/out" scale | grep -qx 0 && ok "while the tutorial itself checked only the open exercise" ||
	fail "the tutorial checked scale: $(cat "$TMP/out")"
stop_watch "the next exercise was prepared"
json=$($CLINGS --course "$course" check scale --json)
[ "$(printf '%s' "$json" | jq -r .cached)" = true ] && ok "its first check is answered from the cache" ||
	fail "scale's first check was not from the cache: $json"
exit 0
