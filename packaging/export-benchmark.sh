#!/usr/bin/env bash
# Export benchmark (docs/performance.md, issue 16 point 5): a cold command-line export of both reports
# (XLSX and PDF) against a cold `calc` of the same sheet, each in a fresh JVM, alternating in one run, for
#   app  the installed command line: the app image's launcher (jlinked runtime, CDS archive, C1 only)
#   jar  the shaded jar on the machine's JDK: java -jar target/vramsheet.jar
# Needs the app image (mvn -Papp-image -DskipTests package). Usage: export-benchmark.sh [RUNS] [SHEET]
# Last line: "export over calc (app launcher): MS ms (target 1500), jar: MS ms".
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
sheet="${2:-assets/samples/gemma-2-9b-sliding-window-h100.json}"
launcher=target/dist/vramsheet/bin/vramsheet
[ -x "$launcher" ] || { echo "build the app image first: mvn -Papp-image -DskipTests package" >&2; exit 2; }
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT

now() { date +%s%N; }
run() { # prints milliseconds of one command
  local a; a=$(now); "$@" > /dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }; echo $(( ($(now) - a) / 1000000 ))
}
declare -A all
for i in $(seq 1 "$runs"); do
  for kind in app jar; do
    if [ "$kind" = app ]; then cmd=("$launcher"); else cmd=(java -jar target/vramsheet.jar); fi
    rm -f "$out"/r.*
    c=$(run "${cmd[@]}" calc "$sheet")
    e=$(run "${cmd[@]}" export "$sheet" --xlsx "$out/r.xlsx" --pdf "$out/r.pdf")
    all[$kind-calc]+="$c "; all[$kind-export]+="$e "; all[$kind-diff]+="$((e - c)) "
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }
for k in app-calc app-export app-diff jar-calc jar-export jar-diff; do
  printf '%-11s median %5s ms   runs %s\n' "$k" "$(echo "${all[$k]}" | median)" "${all[$k]}"
done
echo "export over calc (app launcher): $(echo "${all[app-diff]}" | median) ms (target 1500), jar: $(echo "${all[jar-diff]}" | median) ms"
