#!/bin/sh
# Installs what is missing, builds clings, and starts the tutorial.
#   ./run.sh              the tutorial: lesson, edit, save, verdict, next
#   ./run.sh EXERCISE     checks one exercise once (options as for `clings check`)
set -e
cd "$(dirname "$0")"
scripts/install-deps
make -s --no-print-directory clings
if [ $# -gt 0 ]; then
	exec ./clings check "$@"
fi
exec ./clings
