#!/usr/bin/env bash
# The Postgres tests (issue 20) start a throwaway cluster with Debian's postgresql binaries
# (initdb, pg_ctl); tests/helpers/postgres.ts finds them. Installs the package when missing.
set -euo pipefail
if [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/initdb" ]; then exit 0; fi
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then exit 0; fi
if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then exit 0; fi
echo "Postgres server binaries not found; installing Debian's postgresql package" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Cannot install Postgres without root: run 'apt-get install -y postgresql' or set PG_BINDIR" >&2
    exit 1
  fi
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null
