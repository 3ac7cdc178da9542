#!/bin/sh
# Installs what is missing (the runtime set of scripts/install-deps), builds clings, and starts
# the tutorial in the learner's own workspace.
#   ./run.sh [--lang pt-BR] [--device SPEC]             the tutorial: lesson, edit, save, verdict, next
#   ./run.sh [--lang pt-BR] EXERCISE [CHECK OPTIONS]    checks one exercise once (as `clings check`)
#   ./run.sh COMMAND [ARGS]                              any clings command (init, grade, list, ...)
# The exercises a learner edits live in a workspace apart from this clone (as `clings init`
# makes one): $CLINGS_WORKSPACE, by default ~/clings-exercises, made on the first run; the
# clone's stubs stay the course's, so the clone stays clean. The commands about a learner's
# files (the tutorial, check, list, lesson, hint, reset, bench, prepare) run in the workspace; those
# about the course or the machine (validate, new, grade, devices, init) run in the clone.
set -e
clone=$(cd "$(dirname "$0")" && pwd)
cd "$clone"
scripts/install-deps
make -s --no-print-directory all

in_workspace() {   # makes the workspace once, then runs clings there with these arguments
	ws=${CLINGS_WORKSPACE:-${HOME:?HOME is not set: name a workspace in CLINGS_WORKSPACE}/clings-exercises}
	[ -f "$ws/clings.ini" ] || "$clone/clings" --course "$clone" init "$ws" >&2
	cd "$ws"
	[ "$tutorial" = 1 ] || exec "$clone/clings" "$@"
	# The tutorial: while its lesson is read, the next exercises' first checks are made ahead
	# (clings prepare, with the same global options), at a low priority; it stops with the tutorial.
	(
		n=$#
		for a in "$@"; do [ "$a" = watch ] || set -- "$@" "$a"; done
		shift "$n"
		exec nice -n 10 "$clone/clings" "$@" prepare --after-current
	) >/dev/null 2>&1 &
	prep=$!
	trap 'kill "$prep" 2>/dev/null' EXIT
	rc=0
	"$clone/clings" "$@" || rc=$?
	exit "$rc"
}

tutorial=1
skip=0
for a in "$@"; do
	if [ $skip = 1 ]; then skip=0; continue; fi
	case $a in
	--) break ;;
	--lang|--device|--course|--file|--out|--format|--exercises|--jobs|--seed|--class|--shard|--time-budget|--roster|--from) skip=1 ;;
	-h|--help) exec ./clings "$@" ;;
	-*) ;;
	init|devices|validate|new|grade|help) exec ./clings "$@" ;;
	watch) in_workspace "$@" ;;
	list|check|bench|lesson|hint|reset|prepare) tutorial=0; in_workspace "$@" ;;
	*) tutorial=0; in_workspace check "$@" ;;
	esac
done
in_workspace "$@"
