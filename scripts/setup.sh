#!/usr/bin/env bash
# Install what Knight's Tour needs on a fresh Debian/Ubuntu machine:
# the system libraries Qt loads, fonts (Latin and Chinese), and the package.
#   scripts/setup.sh          the program
#   scripts/setup.sh --test   the program and what the tests need
set -euo pipefail
cd "$(dirname "$0")/.."
apt_packages=(libgl1 libegl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libglib2.0-0 libdbus-1-3
              fonts-dejavu-core fonts-wqy-microhei
              libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-randr0 libxcb-shape0
              libxcb-xfixes0 libxcb-render-util0 libxcb-image0 libx11-xcb1)
missing=()
if command -v dpkg-query >/dev/null; then
  for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
python3 -m pip install --quiet --disable-pip-version-check -e ".${1:+[test]}"
