#!/usr/bin/env bash
# Makes the figures of docs/VALIDATION.md: runs the validation suite (tests/sim/test_swe_validation.cpp)
# with SLUICE_VALIDATION_OUT set, so that each case writes its computed, HLL, pipe-model and exact
# profiles as CSV, prints the error tables, and plots the profiles with gnuplot (installed from Debian
# if missing) into docs/images/validation/.
# Usage: scripts/validation-report.sh [build dir, default build]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
if ! command -v gnuplot >/dev/null; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get install -y --no-install-recommends gnuplot-nox >/dev/null
fi
[ -d "$build" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target test_swe_validation >/dev/null
out="$build/validation"
rm -rf "$out"
mkdir -p "$out" docs/images/validation
SLUICE_VALIDATION_OUT="$PWD/$out" "$build/tests/test_swe_validation" | tee "$out/tables.txt" | grep -v '^\[' || true

# plot CASE CELLS TITLE XRANGE: depth profiles of one run, exact as a line, the schemes as points.
plot() {
  local name="$1" cells="$2" title="$3" xrange="$4"
  gnuplot <<EOF
set terminal pngcairo size 900,420 font "sans,11"
set output "docs/images/validation/${name}-${cells}.png"
set datafile separator ","
set key top right
set title "${title}, ${cells} cells"
set xlabel "x (m)"
set ylabel "surface elevation (m)"
set xrange ${xrange}
set grid
plot "$out/${name}-${cells}.csv" every ::1 using 1:(\$2+\$3) with lines lw 2 lc rgb "black" title "exact", \
     "" every ::1 using 1:(\$2+\$4) with points pt 7 ps 0.5 lc rgb "#1f77b4" title "Sluice SWE", \
     "" every ::1 using 1:(\$2+\$5) with points pt 6 ps 0.5 lc rgb "#d62728" title "HLL (first order)", \
     "" every ::1 using 1:(\$2+\$6) with lines dt 2 lc rgb "#2ca02c" title "Sluice pipes (seeds, friction 0.05/s)", \
     "" every ::1 using 1:2 with filledcurves x1 lc rgb "#c8b48c" fs solid 0.4 notitle
EOF
}
plot stoker 100 "Stoker dam break (wet bed), t = 10 s" "[100:200]"
plot stoker 400 "Stoker dam break (wet bed), t = 10 s" "[100:200]"
plot ritter 100 "Ritter dam break (dry bed), t = 10 s" "[40:200]"
plot ritter 400 "Ritter dam break (dry bed), t = 10 s" "[40:200]"
plot ritter 800 "Ritter dam break (dry bed), the tongue, t = 10 s" "[150:192]"
plot subcritical 100 "Subcritical flow over a bump, steady" "[0:25]"
plot transcritical 100 "Transcritical flow over a bump, steady" "[0:25]"
plot thacker 200 "Thacker planar surface in a parabolic bowl, one period" "[0:4]"
echo "plots in docs/images/validation/, profiles and tables in $out/"
