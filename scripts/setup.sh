#!/usr/bin/env bash
# Installs the Debian packages Sluice needs (only those missing; safe to run again), then configures
# and builds into build/. Run as root, or as a user with sudo.
# Usage: scripts/setup.sh [extra cmake args]     or     scripts/setup.sh --packages-only
# With SLUICE_TEST_TOOLS=1 (scripts/run-tests.sh) also node/npm and the npm test tools (tests/tools).
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake g++ make pkg-config python3-glad            # build tools; glad generates the GL/EGL loader
  libsdl2-dev libimgui-dev libglm-dev libstb-dev    # window, UI, math, images
  nlohmann-json3-dev libgtest-dev                   # scene files, tests
  libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri # headless GL (Mesa llvmpipe when there is no GPU)
  xvfb xauth                                        # window tests without a display
  ffmpeg                                            # video recording and ffprobe in tests
  libopenexr-dev libtiff-dev libgeotiff-dev         # EXR and GeoTIFF export/import (docs/EXCHANGE.md)
  libtinygltf-dev                                   # glTF 2.0 .glb meshes
  libbullet-dev                                     # rigid bodies in the water (docs/BODIES.md)
  libtinyexr-dev gdal-bin                           # independent readers the exchange tests check with
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm run the glTF validator the tests check exports with (SLUICE_TEST_TOOLS=1, set by
# scripts/run-tests.sh; the app needs neither); a node from elsewhere (nodesource bundles npm) is fine.
tools="${SLUICE_TEST_TOOLS:-0}"
if [ "$tools" = 1 ]; then command -v npm >/dev/null 2>&1 || missing+=(nodejs npm); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The Khronos glTF validator (npm gltf-validator, pinned in tests/tools/package-lock.json) into
# tests/tools/node_modules: tests/cli/test_cli_export.cpp runs it on every exported .glb.
if [ "$tools" = 1 ] && [ ! -d tests/tools/node_modules/gltf-validator ]; then
  (cd tests/tools && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ "${1:-}" = "--packages-only" ]; then exit 0; fi

# SLUICE_CI=1 (.ci/run) builds without debug information: no one debugs CI's build, and -g is about
# a third of the compile time (tests/cli/test_cli_verbs.cpp: 10.9 s at -O2 -g, 7.5 s at -O2 -g0).
# It also builds each library in unity batches (CMAKE_UNITY_BUILD: about eight sources compiled as
# one, so each header is parsed once per batch; a clean build 464 s on 2 cores, about 600 s without), which
# the suite then tests; a developer's build keeps one object per source, so that an edit recompiles
# one file. The flags are passed either way, so that a later build in the same folder gets them back.
debug="-g"
unity="OFF"
[ "${SLUICE_CI:-0}" = 1 ] && debug="-g0" && unity="ON"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 $debug -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 $debug -DNDEBUG" -DCMAKE_UNITY_BUILD=$unity "$@" >/dev/null
cmake --build build -j"$(nproc)"
