# local = auto: the device's runtime chooses the work-group within what the device allows, so
# validate, which knows no device, judges no size of it against max_work_group_size (a 2-D
# board in groups of 64 at most validates), and the check runs it where the device allows.
. tests/lib.sh
C="$TMP/course"
cp -r tests/fixtures/instructor "$C"
sed -i 's/^kernel = life$/kernel = life\nmax_work_group_size = 64/' "$C/checks/life.ini"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1) && printf '%s' "$out" | grep -q '0 problems' &&
	ok "a 2-D local = auto is not held to groups of 256 by validate" || fail "validate: $out"
out=$("$CLINGS" --course "$C" check life --file "$C/solutions/life.cl" --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r '.verdict + " " + ([.tests[].status] | join(","))')" = "pass pass" ] &&
	ok "the check runs it, skipping nothing" || fail "check: $out"
# a size the check gives is still validate's to judge
sed -i 's/^local = auto$/local = 16, 16/' "$C/checks/life.ini"
out=$("$CLINGS" --course "$C" validate --quick life 2>&1)
printf '%s' "$out" | grep -q '256 work-items in a work-group; common GPUs run at most 64' &&
	ok "a given 16 x 16 is still refused under max_work_group_size = 64" || fail "given: $out"
exit 0
