#!/usr/bin/env bash
# Installs whatever is missing for boardgames on Debian/Ubuntu, then returns quickly
# when everything is already there. Sourced by scripts/play and scripts/test, which set
# BOOTSTRAP_FOR to "play" or "test":
#   play: libenchant-2-2 and hunspell-en-us (the spell checker the word games need),
#         python3-venv (to create the venv), and .venv with boardgames itself
#   test: the same, plus tmux (the real-terminal tests), scowl (SCOWL's word lists: a
#         test rebuilds decks/vowl/scowl.txt from them) and the test extras
# PYTHON=/path/to/python3.12 chooses the interpreter (default: python3, or the newest
# python3.1x on the PATH when python3 is older than 3.11); a .venv made with another
# Python is made again.  BOARDGAMES_VENV=DIR uses another venv folder (CI keeps one per
# Python).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${BOARDGAMES_VENV:-$ROOT/.venv}"
FOR="${BOOTSTRAP_FOR:-play}"
STAMP="$VENV/.boardgames-installed-$FOR"

# --- the interpreter: checked first, so a too-old Python is said before anything is installed
py_ok() { "$1" -c 'import sys; raise SystemExit(0 if sys.version_info >= (3, 11) else 1)' >/dev/null 2>&1; }
py_version() { "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo "?"; }
if [ -n "${PYTHON:-}" ]; then
    if ! command -v "$PYTHON" >/dev/null 2>&1; then
        echo "boardgames: PYTHON=$PYTHON is not a command." >&2; exit 1
    fi
    if ! ran="$("$PYTHON" -c 'import sys; print(sys.version.split()[0])' 2>&1)"; then
        echo "boardgames: PYTHON=$PYTHON ($(command -v "$PYTHON")) could not run: ${ran:-no output}" >&2; exit 1
    fi
    if ! py_ok "$PYTHON"; then
        echo "boardgames needs Python 3.11 or newer; PYTHON=$PYTHON is Python $(py_version "$PYTHON")." >&2; exit 1
    fi
    PY="$PYTHON"
elif command -v python3 >/dev/null 2>&1 && py_ok python3; then
    PY=python3
else
    PY=""
    for candidate in python3.13 python3.12 python3.11; do
        if command -v "$candidate" >/dev/null 2>&1 && py_ok "$candidate"; then PY="$candidate"; break; fi
    done
    old="$(command -v python3 >/dev/null 2>&1 && py_version python3 || echo none)"
    if [ -z "$PY" ]; then
        cat >&2 <<MSG
boardgames needs Python 3.11 or newer; python3 here is Python $old.
Install a newer one (on Ubuntu 22.04: sudo apt-get install python3.11 python3.11-venv),
then run: PYTHON=python3.11 $0
MSG
        exit 1
    fi
    echo "boardgames: python3 is Python $old, too old; using $PY (set PYTHON=... to choose another)." >&2
fi

# --- system packages (Debian/Ubuntu)
need_apt=()
have_deb() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
if command -v dpkg-query >/dev/null 2>&1; then
    wanted=(libenchant-2-2 hunspell-en-us)
    [ "$FOR" = test ] && wanted+=(tmux scowl)
    for pkg in "${wanted[@]}"; do
        have_deb "$pkg" || need_apt+=("$pkg")
    done
    if [ ! -x "$VENV/bin/python" ] && ! "$PY" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        if [ "$PY" = python3 ]; then need_apt+=("python3-venv"); else need_apt+=("python$(py_version "$PY")-venv"); fi
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

# --- the venv and the package
if [ -e "$VENV" ] && ! "$VENV/bin/python" -c pass >/dev/null 2>&1; then
    echo "boardgames: $VENV has no Python that runs (its interpreter was moved or removed); making it again with $PY" >&2
    rm -rf "$VENV"
elif [ -x "$VENV/bin/python" ] && ! py_ok "$VENV/bin/python"; then
    echo "boardgames: $VENV has Python $(py_version "$VENV/bin/python"), too old; making it again with $PY" >&2
    rm -rf "$VENV"
elif [ -x "$VENV/bin/python" ] && [ -n "${PYTHON:-}" ] && [ "$(py_version "$VENV/bin/python")" != "$(py_version "$PY")" ]; then
    echo "boardgames: $VENV has Python $(py_version "$VENV/bin/python"), PYTHON=$PYTHON is Python $(py_version "$PY"); making it again" >&2
    rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
    echo "boardgames: creating $VENV with $PY" >&2
    "$PY" -m venv "$VENV"
fi
# Reinstall only when the project's metadata changed since the last install.
if [ ! -f "$STAMP" ] || [ "$ROOT/pyproject.toml" -nt "$STAMP" ]; then
    target="$ROOT"
    [ "$FOR" = test ] && target="$ROOT[dev]"  # tests, the web extra (tests/test_serve.py), ruff and mypy
    echo "boardgames: installing $( [ "$FOR" = test ] && echo "the package and its test and lint tools" || echo "the package") into $VENV" >&2
    "$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
    # Before 0.2 the distribution was called "boardgames" (a name the package index gives
    # to another project); a venv made then has it, and it would shadow this one.
    if "$VENV/bin/python" -m pip show -q boardgames >/dev/null 2>&1; then
        "$VENV/bin/python" -m pip uninstall -y -q boardgames >/dev/null 2>&1 || true
    fi
    "$VENV/bin/python" -m pip install --quiet -e "$target"
    touch "$STAMP"
fi
