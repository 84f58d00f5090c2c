#!/usr/bin/env bash
# Start-up benchmark (docs/performance.md): milliseconds from JVM start to the first shown frame, for
#   bare      a bare JavaFX window (one label, 1280x800), started the ordinary way: java -cp
#   bare-tuned the same bare window given the app's JVM options (C1 only and a CDS archive of its own)
#   app       the installed app: the app image's launcher (jlinked runtime, CDS archive, C1 only)
#   jar       the shaded jar on the machine's JDK: java -jar target/vramsheet.jar
# Needs xvfb-run and the app image (mvn -Papp-image -DskipTests package). Usage: startup-benchmark.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
xvfb=(xvfb-run -a -s "-screen 0 1280x800x24")
jar=target/vramsheet.jar
launcher=target/dist/vramsheet/bin/vramsheet
[ -x "$launcher" ] || { echo "build the app image first: mvn -Papp-image -DskipTests package" >&2; exit 2; }

# the bare window's own class list and archive, made the way the packaging makes the app's
"${xvfb[@]}" java -XX:DumpLoadedClassList=target/bare.classlist -cp "$jar" org.vramsheet.ui.app.BareWindowProbe >/dev/null 2>&1
java -Xshare:dump -XX:SharedClassListFile=target/bare.classlist -XX:SharedArchiveFile=target/bare.jsa -cp "$jar" >/dev/null 2>&1

ms() { grep -o 'first frame ([^)]*): [0-9]*' | grep -o '[0-9]*$'; }
declare -A all
for i in $(seq 1 "$runs"); do
  all[bare]+="$("${xvfb[@]}" java -cp "$jar" org.vramsheet.ui.app.BareWindowProbe 2>/dev/null | ms) "
  all[bare-tuned]+="$("${xvfb[@]}" java -XX:TieredStopAtLevel=1 -XX:SharedArchiveFile=target/bare.jsa -cp "$jar" \
      org.vramsheet.ui.app.BareWindowProbe 2>/dev/null | ms) "
  all[app]+="$(JAVA_TOOL_OPTIONS=-Dvramsheet.startupProbe=true "${xvfb[@]}" "$launcher" 2>/dev/null | ms) "
  all[jar]+="$("${xvfb[@]}" java -Dvramsheet.startupProbe=true -jar "$jar" 2>/dev/null | ms) "
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }
declare -A med
for k in bare bare-tuned app jar; do
  med[$k]=$(echo "${all[$k]}" | median)
  printf '%-11s median %5d ms   runs: %s\n' "$k" "${med[$k]}" "${all[$k]}"
done
awk -v a="${med[app]}" -v b="${med[bare]}" -v t="${med[bare-tuned]}" -v j="${med[jar]}" 'BEGIN {
  printf "app / bare = %.2fx   app / bare-tuned = %.2fx   jar / bare = %.2fx\n", a / b, a / t, j / b }'
