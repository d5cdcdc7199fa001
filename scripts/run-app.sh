#!/usr/bin/env bash
# One command: install what is missing, build, and open the viewer on the built-in valley scene.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec build/sluice "$@"
