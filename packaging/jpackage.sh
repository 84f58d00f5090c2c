#!/usr/bin/env bash
# jpackage for one type: app-image | deb | msi | dmg. Called by Maven (-Ppackage / -Papp-image).
set -euo pipefail
type="$1"; version="$2"; icon="$3"
cd "$(dirname "$0")/.."
rm -rf target/jpackage-input && mkdir -p target/jpackage-input target/dist
cp target/vramsheet.jar target/jpackage-input/
cp assets/icons/vramsheet-256.png target/jpackage-input/vramsheet.png
args=(--name vramsheet --app-version "$version" --vendor "VRAM Sheet" --description "LLM VRAM sizing worksheet (SS-007)"
      --input target/jpackage-input --main-jar vramsheet.jar --main-class org.vramsheet.Launcher
      --add-modules "$(tr -d '[:space:]' < packaging/modules.txt)"
      --jlink-options "--strip-debug --no-man-pages --no-header-files --compress=2"
      --java-options "-Xmx1g" --icon "$icon" --dest target/dist)
case "$type" in
  app-image) rm -rf target/dist/vramsheet; jpackage --type app-image "${args[@]}" ;;
  deb) jpackage --type deb "${args[@]}" --file-associations packaging/file-associations.properties \
         --linux-shortcut --linux-menu-group Development --linux-app-category devel \
         --resource-dir packaging/linux ;;
  msi) jpackage --type msi "${args[@]}" --file-associations packaging/file-associations.properties \
         --win-menu --win-shortcut --win-dir-chooser ;;
  dmg) jpackage --type dmg "${args[@]}" --file-associations packaging/file-associations.properties ;;
  *) echo "unknown package type $type" >&2; exit 2 ;;
esac
