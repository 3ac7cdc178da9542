# A check answered from the verdict cache starts no process (cache.c): whether its verdict was
# reached with the kernel in namespaces of its own is in the kept report, said by the learner's
# child before "ready", where no probe of the machine's namespaces is needed to key it. A verdict
# kept from a run without namespaces is not answered where namespaces are to be had.
. tests/lib.sh
command -v strace > /dev/null || skip_all "strace is not installed"
strace -f -qq -o /dev/null true 2> /dev/null || skip_all "strace cannot trace here"
out=$($CLINGS check scale --file solutions/scale.cl --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r '"\(.verdict) \(.cached)"')" = "pass false" ] && ok "a first check runs" ||
	fail "first check: $out"
# (LeakSanitizer cannot run under a tracer: a sanitizer build leaves its leak check out here)
out=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -qq -e trace=clone,clone3,fork,vfork -o "$TMP/trace" \
	$CLINGS check scale --file solutions/scale.cl --no-analysis --json)
[ "$(printf '%s' "$out" | jq -r '"\(.verdict) \(.cached)"')" = "pass true" ] && ok "the same check again is answered from the cache" ||
	fail "second check: $out"
n=$(grep -cE '(clone|clone3|fork|vfork)\(' "$TMP/trace")
[ "$n" = 0 ] && ok "it starts no process" || fail "it started $n: $(head -5 "$TMP/trace")"
# A verdict kept from a run without namespaces (CLINGS_NO_NAMESPACES) answers where there are
# none, and is a miss where a child gets them (this machine, if `clings devices` says so).
f="$TMP/scale.cl"
{ cat solutions/scale.cl; printf '#define T178_EDIT 1\n'; } > "$f"
cached() { $CLINGS check scale --file "$f" --no-analysis --json | jq -r '"\(.verdict) \(.cached)"'; }
[ "$(CLINGS_NO_NAMESPACES=1 cached)" = "pass false" ] && ok "a check without namespaces runs" || fail "no namespaces"
[ "$(CLINGS_NO_NAMESPACES=1 cached)" = "pass true" ] && ok "again without them: from the cache" ||
	fail "not answered without namespaces"
if $CLINGS devices 2>/dev/null | grep -q "^Isolation: namespaces"; then
	[ "$(cached)" = "pass false" ] && ok "with namespaces, its verdict is checked again" ||
		fail "a verdict reached without namespaces answered a check that has them"
fi
