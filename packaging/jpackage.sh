#!/usr/bin/env bash
# jpackage for one type: app-image | deb | msi | dmg. Called by Maven (-Ppackage / -Papp-image).
#   packaging/jpackage.sh TYPE VERSION ICON [MONOCLE_JAR]
# 1. jlink: a runtime of the modules in packaging/modules.txt (bin/java kept: it makes the CDS archive).
# 2. Training run: the app is started once headless (Monocle) up to its complete window, and the JVM
#    writes the classes it loaded (JDK, JavaFX, Jackson, the app, lambda proxies) to vramsheet.classlist;
#    a cold command-line export of both reports adds POI's, XMLBeans' and PDFBox's classes.
# 3. jpackage with that runtime; the launcher runs with -XX:SharedArchiveFile=$APPDIR/vramsheet.jsa
#    and C1 only (docs/performance.md has the measurements behind both).
# 4. The class-data-sharing archive is dumped from the class list where the app lives: Java 17 refuses
#    an archive whose jar path differs, so the app image gets it here and the .deb in its postinst.
#    Without an archive (or with a stale one) the JVM silently loads classes the ordinary way.
set -euo pipefail
type="$1"; version="$2"; icon="$3"; monocle="${4:-}"
cd "$(dirname "$0")/.."
modules="$(tr -d '[:space:]' < packaging/modules.txt)"

rm -rf target/jpackage-input target/runtime && mkdir -p target/jpackage-input target/dist
jlink --add-modules "$modules" --strip-debug --no-man-pages --no-header-files --compress=2 --output target/runtime
cp target/vramsheet.jar target/jpackage-input/
cp assets/icons/vramsheet-256.png target/jpackage-input/vramsheet.png

if [ -n "$monocle" ] && [ -f "$monocle" ]; then
  train_home="$(mktemp -d)"
  if target/runtime/bin/java -XX:DumpLoadedClassList=target/jpackage-input/vramsheet.classlist \
       -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Djava.awt.headless=true \
       -Dvramsheet.startupProbe=true -Dvramsheet.home="$train_home" \
       -cp "target/vramsheet.jar:$monocle" org.vramsheet.Launcher > target/training.log 2>&1; then
    # a second, command-line run: a cold export of both reports (POI, XMLBeans, PDFBox) joins the list
    out="$(mktemp -d)"
    if target/runtime/bin/java -XX:DumpLoadedClassList=target/export.classlist -Djava.awt.headless=true \
         -Dvramsheet.home="$train_home" -cp target/vramsheet.jar org.vramsheet.Launcher export \
         assets/samples/gemma-2-9b-sliding-window-h100.json --xlsx "$out/t.xlsx" --pdf "$out/t.pdf" >> target/training.log 2>&1; then
      awk '!seen[$0]++' target/jpackage-input/vramsheet.classlist target/export.classlist > target/merged.classlist
      mv target/merged.classlist target/jpackage-input/vramsheet.classlist
    else
      echo "export training run failed (see target/training.log); the archive holds the window's classes only" >&2
    fi
    rm -rf "$out"
    echo "training run: $(grep -c . target/jpackage-input/vramsheet.classlist) classes listed; $(grep 'first frame' target/training.log)"
  else
    echo "training run failed (see target/training.log); the app is packaged without a CDS archive" >&2
    rm -f target/jpackage-input/vramsheet.classlist
  fi
  rm -rf "$train_home"
else
  echo "no Monocle jar given; the app is packaged without a CDS archive" >&2
fi

args=(--name vramsheet --app-version "$version" --vendor "VRAM Sheet" --description "LLM VRAM sizing worksheet (SS-007)"
      --input target/jpackage-input --main-jar vramsheet.jar --main-class org.vramsheet.Launcher
      --runtime-image target/runtime
      --java-options "-Xmx1g" --java-options "-XX:TieredStopAtLevel=1"
      --java-options "-XX:SharedArchiveFile=\$APPDIR/vramsheet.jsa" --java-options "-Xshare:auto"
      --icon "$icon" --dest target/dist)

# Makes the CDS archive for an installed app directory (lib/app and lib/runtime beside each other).
dump_archive() {
  local app="$1"
  [ -f "$app/vramsheet.classlist" ] || return 0
  "$app/../runtime/bin/java" -Xshare:dump -XX:SharedClassListFile="$app/vramsheet.classlist" \
      -XX:SharedArchiveFile="$app/vramsheet.jsa" -cp "$app/vramsheet.jar" > target/cds-dump.log 2>&1 \
    && echo "CDS archive: $(du -h "$app/vramsheet.jsa" | cut -f1)" \
    || echo "CDS dump failed (see target/cds-dump.log); the app runs without it" >&2
}

case "$type" in
  app-image) rm -rf target/dist/vramsheet; jpackage --type app-image "${args[@]}"
             dump_archive "$(pwd)/target/dist/vramsheet/lib/app" ;;
  deb) jpackage --type deb "${args[@]}" --file-associations packaging/file-associations.properties \
         --linux-shortcut --linux-menu-group Development --linux-app-category devel \
         --resource-dir packaging/linux ;;  # postinst dumps the CDS archive, prerm removes it
  msi) jpackage --type msi "${args[@]}" --file-associations packaging/file-associations.properties \
         --win-menu --win-shortcut --win-dir-chooser ;;
  dmg) jpackage --type dmg "${args[@]}" --file-associations packaging/file-associations.properties ;;
  *) echo "unknown package type $type" >&2; exit 2 ;;
esac
