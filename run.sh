#!/bin/sh
# Installs what is missing, builds clings, and starts the tutorial.
#   ./run.sh [--lang pt-BR] [--device SPEC]             the tutorial: lesson, edit, save, verdict, next
#   ./run.sh [--lang pt-BR] EXERCISE [CHECK OPTIONS]    checks one exercise once (as `clings check`)
set -e
cd "$(dirname "$0")"
scripts/install-deps
make -s --no-print-directory clings
# An operand that is not an option's value names an exercise: check it; otherwise the tutorial.
skip=0
for a in "$@"; do
	if [ $skip = 1 ]; then skip=0; continue; fi
	case $a in
	--) break ;;
	--lang|--device|--course|--file) skip=1 ;;
	-*) ;;
	*) exec ./clings check "$@" ;;
	esac
done
exec ./clings "$@"
