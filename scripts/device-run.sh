#!/usr/bin/env bash
# Runs on the GPU machine (the session's `device` tool), from the repository root, with the headless
# build carried in build-headless/ and the GL loader packages in .gl/ (docs/PERFORMANCE.md, "How the
# GPU figures were taken"). Unpacks the loaders, then runs "$@" with the headless sluice first on
# PATH. Everything the command writes under $OUT comes back.
#   scripts/device-run.sh sluice bench --sizes 4096,8192
set -uo pipefail
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
if [ -f /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json ]; then
  export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
fi
export PATH="$PWD/build-headless:$PATH"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader || true
exec "$@"
