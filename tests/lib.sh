# Shared helpers of the end-to-end scripts: sourced, never run.
CLINGS=${CLINGS:-./clings}
case "$CLINGS" in /*) ;; *) CLINGS="$PWD/$CLINGS" ;; esac
export NO_COLOR=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# A private copy of the bundled course, so tests never touch the learner's files or progress.
copy_course() {
	mkdir -p "$TMP/course"
	cp -r exercises solutions checks lessons "$TMP/course/"
	local stub
	for stub in exercises/*.cl; do   # the stubs as shipped, not a learner's work on them
		tests/pristine-stub "$stub" > "$TMP/course/$stub"
	done
	rm -f "$TMP/course"/exercises/*.orig "$TMP/course"/exercises/*.bak
	echo "$TMP/course"
}
