#!/usr/bin/env bash
# Re-takes the README's screenshots of the real viewer (docs/images/) from the built-in default world,
# under Xvfb on whatever GL the machine has (the committed ones are from llvmpipe). Needs a build in
# build/ (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
xvfb-run -a -s "-screen 0 1280x800x24" build/sluice builtin:default:128 --3d --speed 30 --frames 150 \
  --autosave-seconds 0 --screenshot docs/images/viewer-3d.png
xvfb-run -a -s "-screen 0 1280x800x24" build/sluice --speed 20 --frames 250 --autosave-seconds 0 \
  --screenshot docs/images/viewer.png
echo "wrote docs/images/viewer-3d.png and docs/images/viewer.png"
