#!/usr/bin/env bash
# Set up Knight's Tour on a Debian or Ubuntu machine, from this folder, never touching the
# system Python's packages (PEP 668): a virtual environment in .venv holds the program.
#
#   scripts/setup.sh          the program:  then  .venv/bin/knight-tour
#   scripts/setup.sh --test   and what the tests and checks need:  then  .venv/bin/python -m pytest
#
# What it does, each step skipped when already done (run it again at any time):
#  1. apt-get installs what is missing (with sudo unless root): the libraries and fonts Qt loads
#     (Latin and Chinese), python3 and python3-venv when there is no Python that can make a
#     virtual environment (stock Debian 12 and Ubuntu 24.04 ship python3 without venv and pip),
#     and with --test desktop-file-utils (the menu entry's test validates it);
#  2. makes .venv with python3 (or $PYTHON), Python 3.10 or newer;
#  3. installs this folder into it in editable mode (pip install -e '.[test]' with --test), unless
#     this pyproject.toml is installed there already and still imports.
set -euo pipefail
cd "$(dirname "$0")/.."

test_extras=""
for arg in "$@"; do
  case "$arg" in
    --test) test_extras="[test]" ;;
    -h|--help) sed -n '2,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
  esac
done

say() { echo "setup.sh: $*" >&2; }

# -- 1. system packages ---------------------------------------------------------------------
apt_packages=(libgl1 libegl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libglib2.0-0 libdbus-1-3
              fonts-dejavu-core fonts-wqy-microhei
              libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-randr0 libxcb-shape0
              libxcb-xfixes0 libxcb-render-util0 libxcb-image0 libx11-xcb1)
[ -n "$test_extras" ] && apt_packages+=(desktop-file-utils)

PYTHON=${PYTHON:-python3}
# A Python that can make a virtual environment with pip in it (ensurepip): stock Debian and
# Ubuntu split venv/ensurepip into python3-venv (python3.11-venv, python3.12-venv, ...).
python_ok() { command -v "$PYTHON" >/dev/null 2>&1 && "$PYTHON" -c 'import venv, ensurepip' >/dev/null 2>&1; }
if ! python_ok; then
  if [ "$PYTHON" = python3 ]; then
    apt_packages+=(python3 python3-venv)
  else
    say "$PYTHON cannot make a virtual environment (no venv/ensurepip module); install it, or run without PYTHON="
    exit 1
  fi
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }
  for p in "${apt_packages[@]}"; do
    # Ubuntu 24.04 renamed some libraries for 64-bit time (libglib2.0-0t64); apt-get takes the
    # old name and picks the new package.
    installed "$p" || installed "${p}t64" || missing+=("$p")
  done
elif ! python_ok; then
  say "no dpkg here: install Python 3.10+ with its venv module and Qt's libraries yourself, then run me again"
  exit 1
fi
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { say "need root or sudo to apt-get install ${missing[*]}"; exit 1; }
    sudo="sudo"
  fi
  say "installing with apt-get: ${missing[*]}"
  $sudo apt-get update -qq
  # (through env: sudo resets the environment, and a debconf question with its output hidden
  # would look like a hang)
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! python_ok; then
  # python3-venv for the default python3 is installed, yet ensurepip is missing: a python3 that
  # is not the distribution's default (a PATH with another python3 first).
  say "$(command -v "$PYTHON" || echo "$PYTHON") cannot make a virtual environment even now; set PYTHON=/usr/bin/python3"
  exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  say "Knight's Tour needs Python 3.10 or newer; $PYTHON is $("$PYTHON" -V 2>&1)"
  exit 1
fi

# -- 2. the virtual environment -------------------------------------------------------------
venv=.venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pip' >/dev/null 2>&1; then
  rm -rf "$venv"  # none, or a broken one (made before python3-venv was there, or Python is gone)
  say "making $venv with $("$PYTHON" -V 2>&1) ($(command -v "$PYTHON"))"
  "$PYTHON" -m venv "$venv"
fi

# -- 3. the program (and the test tools) ------------------------------------------------------
# Skipped when this pyproject.toml was installed already, with these extras (or more), and what it
# installed still imports: a second run needs no network.
stamp="$venv/.knight-tour-installed"
project=$(cksum < pyproject.toml)
imports="import knight_gui, PySide6"
[ -n "$test_extras" ] && imports="$imports, pytest, pytestqt, hypothesis, xdist, ruff, mypy"
done_before=$(cat "$stamp" 2>/dev/null || true)
if { [ "$done_before" = "$project$test_extras" ] || [ "$done_before" = "$project[test]" ]; } \
    && "$venv/bin/python" -c "$imports" >/dev/null 2>&1; then
  say "knight-tour${test_extras} is installed in $venv already (pyproject.toml unchanged)"
else
  say "installing knight-tour${test_extras} into $venv"
  rm -f "$stamp"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ".${test_extras}"
  echo "$project$test_extras" > "$stamp"
fi
say "done: run .venv/bin/knight-tour${test_extras:+ ; test with .venv/bin/python -m pytest}"
