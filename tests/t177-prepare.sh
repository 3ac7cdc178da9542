# `clings prepare` checks each exercise's own file ahead (cmd/prepare.c), so that the first check
# of an exercise is answered at once: afterwards an untouched stub's check comes from the verdict
# cache with the verdict and message a full check gives it; an edited file is checked anew; the
# learner's progress is not touched; the order is the current exercise first, --after-current
# the ones after it only; an exercise that does not exist is an error.
. tests/lib.sh
cp -r tests/fixtures/course "$TMP/course"
ws="$TMP/ws"
"$CLINGS" --course "$TMP/course" init "$ws" > /dev/null 2>&1 || fail "clings init did not make a workspace"
cd "$ws"
out=$("$CLINGS" prepare); rc=$?
[ $rc -eq 0 ] && ok "prepare: exit 0" || fail "prepare: exit $rc: $out"
[ "$(printf '%s\n' "$out" | awk '{ print $1 }' | paste -sd ' ')" = "copy scale" ] &&
	ok "every exercise, the current one first" || fail "prepare said: $out"
[ "$("$CLINGS" list | awk '$1 ~ /^[0-9]+$/ { print $2 }' | paste -sd ' ')" = "new new" ] &&
	ok "the learner's progress is not touched" || fail "prepare recorded progress: $("$CLINGS" list)"
json=$("$CLINGS" check scale --json)
[ "$(printf '%s' "$json" | jq -r .cached)" = true ] && ok "the stub's first check is answered from the cache" ||
	fail "not from the cache: $json"
full=$("$CLINGS" check scale --json --no-cache)
[ "$(printf '%s' "$full" | jq -r .verdict)" != pass ] &&
	[ "$(printf '%s' "$json" | jq -c '[.verdict, .message]')" = "$(printf '%s' "$full" | jq -c '[.verdict, .message]')" ] &&
	ok "with the verdict and message a full check gives the stub" ||
	fail "cached $(printf '%s' "$json" | jq -c '[.verdict, .message]') against $(printf '%s' "$full" | jq -c '[.verdict, .message]')"
printf '\n#define CLINGS_EDITED 1\n' >> exercises/scale.cl
[ "$(("$CLINGS" check scale --json) | jq -r .cached)" = false ] && ok "an edited file is checked anew" ||
	fail "an edited file was answered from the cache"
out=$("$CLINGS" prepare --after-current); rc=$?
[ $rc -eq 0 ] && [ "$(printf '%s\n' "$out" | awk '{ print $1 }' | paste -sd ' ')" = scale ] &&
	ok "--after-current: the exercises after the current one only" || fail "--after-current: exit $rc: $out"
"$CLINGS" prepare nosuch > /dev/null 2>&1
[ $? -eq 2 ] && ok "an exercise that does not exist: exit 2" || fail "prepare nosuch did not fail"
