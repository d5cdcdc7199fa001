#!/usr/bin/env bash
# Installs the Debian packages Sluice needs (only those missing; safe to run again), then configures
# and builds into build/. Run as root, or as a user with sudo.
# Usage: scripts/setup.sh [extra cmake args]     or     scripts/setup.sh --packages-only
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake g++ make pkg-config python3-glad            # build tools; glad generates the GL/EGL loader
  libsdl2-dev libimgui-dev libglm-dev libstb-dev    # window, UI, math, images
  nlohmann-json3-dev libgtest-dev                   # scene files, tests
  libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri # headless GL (Mesa llvmpipe when there is no GPU)
  xvfb xauth                                        # window tests without a display
  ffmpeg                                            # video recording and ffprobe in tests
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ "${1:-}" = "--packages-only" ]; then exit 0; fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build build -j"$(nproc)"
