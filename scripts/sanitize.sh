#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer run: builds the headless binary and the tests with
# -fsanitize=address,undefined (every report fatal) into build-asan/, then runs the unit tests and the
# fuzz suites under them, the spawned `sluice` processes included. Any sanitizer report fails its test.
# Leaks inside the OpenGL driver (Mesa, LLVM) are suppressed in scripts/lsan-suppressions.txt: they are
# the driver's, allocated at context creation, not Sluice's. Mesa unloads its driver when the display
# is terminated, which would leave those leaks in an "<unknown module>" that no suppression can name,
# so a process that makes a GL context first opens the driver's libraries to stay mapped
# (SLUICE_SANITIZE_KEEP_MAPPED, gl/egl_context.cpp).
# Usage: scripts/sanitize.sh [ctest args]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --packages-only
# -O1 -g1 (line tables only): what the sanitizers' documentation recommends, and it compiles in about
# half the time of -O2 -g (bench.cpp: 21 s against 38 s), which keeps .ci/run's second half short.
# Unity batches (CMAKE_UNITY_BUILD, about eight sources compiled as one): the clean build 396 s against
# 531 s on 2 cores (2026-12-07); the sanitizers check the same code either way.
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSLUICE_SANITIZE=ON -DSLUICE_WINDOW=OFF -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DSLUICE_TEST_CXX_FLAGS=-O0 >/dev/null
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0:allocator_may_return_null=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# The GL driver's libraries, opened with RTLD_NODELETE by every process that makes a GL context
# (gl/egl_context.cpp), so that Mesa's unloading them at eglTerminate leaves their leaks nameable.
keep=""
for lib in /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so /usr/lib/x86_64-linux-gnu/libEGL_mesa.so.0 \
           /usr/lib/x86_64-linux-gnu/libglapi.so.0; do
  [ -e "$lib" ] && keep="$keep $lib"
done
export SLUICE_SANITIZE_KEEP_MAPPED="${keep# }"
cd build-asan
ctest -j"$(nproc)" --output-on-failure --timeout 900 "$@"
