#!/usr/bin/env bash
# One command: install what is missing, build, and run the whole test suite (GL tests on Mesa
# llvmpipe through EGL; no GPU or display needed).
set -euo pipefail
cd "$(dirname "$0")/.."
SLUICE_TEST_TOOLS=1 scripts/setup.sh
cd build
ctest -j"$(nproc)" --output-on-failure --timeout 900
