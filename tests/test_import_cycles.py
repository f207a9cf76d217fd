"""No import cycles inside ``boardgames/``: every module's imports, those inside functions
included, form a graph without a loop. A cycle is how one game starts depending on another,
or ``common`` on a game; it also makes import order matter, which breaks lazily loaded parts."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "boardgames"


def modules(package: Path) -> dict[str, Path]:
    """Every module of *package* by its dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of *known* that *name* imports. Importing a package runs only its
    ``__init__``, which is its face, not a dependency on its modules: those are left out."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here[: len(here) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
    return {
        target
        for target in targets
        if target in known
        and target != name
        and not name.startswith(target + ".")
        and known[target].name != "__init__.py"
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, pending = work[-1]
            if pending:
                child = pending.pop()
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, sorted(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_boardgames_has_no_import_cycle() -> None:
    known = modules(PACKAGE)
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    assert cycles(graph) == []


def test_the_check_finds_a_cycle_when_there_is_one(tmp_path: Path) -> None:
    """Control: two modules that import each other, one of them from inside a function."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def late():\n    from . import a\n")
    (package / "c.py").write_text("import pkg.a\n")
    known = modules(package)
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
