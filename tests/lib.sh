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
	echo "$TMP/course"
}
