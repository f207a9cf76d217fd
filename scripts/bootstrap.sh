#!/usr/bin/env bash
# Installs whatever is missing for boardgames on Debian/Ubuntu, then returns quickly
# when everything is already there. Sourced by scripts/play and scripts/test.
#   - system packages: libenchant-2-2, hunspell-en-us (the spell checker), tmux
#     (real-terminal tests), python3-venv (to create the venv)
#   - a .venv in the repository root with boardgames and its test extras
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
STAMP="$VENV/.boardgames-installed"

need_apt=()
have_deb() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
if command -v dpkg-query >/dev/null 2>&1; then
    for pkg in libenchant-2-2 hunspell-en-us tmux; do
        have_deb "$pkg" || need_apt+=("$pkg")
    done
    if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        need_apt+=("python3-venv")
    fi
fi
if ((${#need_apt[@]})); then
    echo "boardgames: installing system packages: ${need_apt[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

python3 - <<'PY' || { echo "boardgames needs Python 3.11 or newer." >&2; exit 1; }
import sys
raise SystemExit(0 if sys.version_info >= (3, 11) else 1)
PY

if [ ! -x "$VENV/bin/python" ]; then
    echo "boardgames: creating $VENV" >&2
    python3 -m venv "$VENV"
fi
# Reinstall only when the project's metadata changed since the last install.
if [ ! -f "$STAMP" ] || [ "$ROOT/pyproject.toml" -nt "$STAMP" ]; then
    echo "boardgames: installing the package and its test extras into .venv" >&2
    "$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
    "$VENV/bin/python" -m pip install --quiet -e "$ROOT[test]"
    touch "$STAMP"
fi
