#!/usr/bin/env bash
# Drag benchmark (docs/performance.md, issue 17 point 1): the JavaFX pulse logger's pulse durations while the context
# slider is dragged, in the app (gemma-2-9b sample) and in a bare window (a slider, a label and a LineChart of three
# 48-point series redrawn on every step: org.vramsheet.ui.app.DragProbe), both driven the same way with xdotool under
# Xvfb at 1280x800. Installs xvfb and xdotool if missing. Usage: drag-benchmark.sh [RUNS] [SHEET]
# DRAG_COMPARE=1 drags with the Compare view open (give a sheet with variants, e.g. the llama-3.1-70b-variants sample).
# The app is dragged twice per run: with Shift held (the free drag) and without (the default drag, which snaps the context
# to 512, 1K, 2K ...; issue 31 Seen 10). Last two lines: "drag p90 pulse: APP ms, bare: BARE ms, ratio R" (the Shift
# drag) and "snap drag p90 pulse: APP ms, bare: BARE ms, ratio R" (pulses of all runs pooled per window and mode).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
sheet="${2:-assets/samples/gemma-2-9b-sliding-window-h100.json}"
jar=target/vramsheet.jar
[ -f "$jar" ] || mvn -B -q -DskipTests package
if ! command -v xvfb-run >/dev/null || ! command -v xdotool >/dev/null; then
  apt-get update -qq && apt-get install -y -qq xvfb xdotool libgtk-3-0 >/dev/null
fi
work="$(mktemp -d)"; [ -n "${DRAG_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT; echo "work: $work" >&2

# one drag inside its own X server: waits for the probe's line, drags the thumb to the left end and back in 60 steps
# of 16 ms each, and back, and prints the durations (ms) of the pulses that ran while the button was down
cat > "$work/drag.sh" <<'INNER'
set -euo pipefail
log="$1"; mode="$2"; shift 2
"$@" > "$log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do grep -q 'drag slider:' "$log" && break; sleep 0.1; done
grep -q 'drag slider:' "$log" || { echo "no 'drag slider:' line from: $* (see $log)" >&2; kill "$pid"; exit 1; }
read -r _ _ tx ty x0 x1 < <(grep -o -m1 'drag slider: [0-9]* [0-9]* [0-9]* [0-9]*' "$log")
x0=$((x0 + 6)); x1=$((x1 - 6))   # inside the ends, where the thumb follows the pointer exactly
drag() { # from the thumb to the left end, to the right end and back to where it started (70 steps, 16 ms apart)
  xdotool mousemove "$tx" "$ty"; sleep 0.3
  [ "$mode" = snap ] || xdotool keydown shift   # Shift: the app's free drag (no snapping to powers of two)
  xdotool mousedown 1
  for i in $(seq 0 29); do xdotool mousemove $(( tx - (tx - x0) * i / 29 )) "$ty"; sleep 0.016; done
  for i in $(seq 0 29); do xdotool mousemove $(( x0 + (x1 - x0) * i / 29 )) "$ty"; sleep 0.016; done
  for i in $(seq 0 9); do xdotool mousemove $(( x1 - (x1 - tx) * i / 9 )) "$ty"; sleep 0.016; done
  xdotool mouseup 1; [ "$mode" = snap ] || xdotool keyup shift; sleep 0.5
}
drag; drag   # two drags to warm up (class loading, the JIT), as a meeting's third drag would be
before=$(wc -l < "$log")
drag
after=$(wc -l < "$log")
kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
sed -n "$((before + 1)),${after}p" "$log" | sed -n 's/^PULSE: [0-9]* \[[0-9]*ms:\([0-9]*\)ms\].*/\1/p'
INNER

for i in $(seq 1 "$runs"); do
  for mode in shift snap; do
    rm -rf "$work/home"   # a fresh app home: no recovery question from the previous run's kill
    out="$work/app.ms"; [ "$mode" = snap ] && out="$work/snap.ms"
    xvfb-run -a -s "-screen 0 1280x800x24" bash "$work/drag.sh" "$work/app-$mode.log" "$mode" \
      java -Djavafx.pulseLogger=true -Djavafx.pulseLogger.threshold=0 -Dvramsheet.dragProbe=true \
      -Dvramsheet.dragProbe.compare="${DRAG_COMPARE:+true}" -Dvramsheet.home="$work/home" -jar "$jar" "$sheet" >> "$out"
  done
  xvfb-run -a -s "-screen 0 1280x800x24" bash "$work/drag.sh" "$work/bare.log" shift \
    java -Djavafx.pulseLogger=true -Djavafx.pulseLogger.threshold=0 -cp "$jar" org.vramsheet.ui.app.DragProbe >> "$work/bare.ms"
done
pct() { sort -n "$1" | awk -v p="$2" '{a[NR]=$1} END {if (NR == 0) {print "none"; exit} i=int(NR*p+0.999); if (i<1) i=1; print a[i]}'; }
for w in app snap bare; do
  echo "$w: $(grep -c . "$work/$w.ms") pulses during the drags; p50 $(pct "$work/$w.ms" 0.5) ms, p90 $(pct "$work/$w.ms" 0.9) ms, max $(pct "$work/$w.ms" 1.0) ms"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}'; }
app=$(pct "$work/app.ms" 0.9); snap=$(pct "$work/snap.ms" 0.9); bare=$(pct "$work/bare.ms" 0.9)
echo "drag p90 pulse: $app ms, bare: $bare ms, ratio $(ratio "$app" "$bare")"
echo "snap drag p90 pulse: $snap ms, bare: $bare ms, ratio $(ratio "$snap" "$bare")"
