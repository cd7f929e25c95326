#!/usr/bin/env bash
# Browser tests use Debian's Chromium (Playwright's own browser download cannot work offline).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Chromium not found at $CHROMIUM; installing Debian's chromium package" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Cannot install Chromium without root: run 'apt-get install -y chromium' or set CHROMIUM_PATH" >&2
    exit 1
  fi
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
test -x "$CHROMIUM"
