"""knight_gui has no import cycle: the graph of its modules' imports is acyclic.

The graph is read from the source with ``ast``: every ``import`` and
``from ... import`` statement of a module counts, at module level and
inside functions and classes alike (an import deferred into a function
still ties the two modules together; deferring it only hides a cycle).
Imports under ``if TYPE_CHECKING:`` are left out: they exist for the type
checker only and never run.  ``from package import name`` counts as an
import of ``package.name`` when that is a module, else of ``package``.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "knight_gui"
ROOT = Path(__file__).resolve().parents[1] / PACKAGE


def module_name(path: Path) -> str:
    """``knight_gui/ui/analysis/__init__.py`` -> ``knight_gui.ui.analysis``."""
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(tree: ast.AST):
    """Every import statement of ``tree``, at any depth, except those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of the package that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                       for alias in node.names]
        for target in targets:
            while target and target not in known:  # ``import a.b.c`` imports a.b.c (and its parents)
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of modules (the first repeated at the end), or None."""
    WHITE, GREY, BLACK = 0, 1, 2  # noqa: N806 - the classic colours of a depth-first search
    colour = dict.fromkeys(graph, WHITE)
    for root in sorted(graph):
        if colour[root] != WHITE:
            continue
        path = [root]
        stack = [iter(sorted(graph[root]))]
        colour[root] = GREY
        while stack:
            child = next(stack[-1], None)
            if child is None:
                colour[path.pop()] = BLACK
                stack.pop()
            elif colour.get(child, BLACK) == GREY:
                return path[path.index(child):] + [child]
            elif colour.get(child, BLACK) == WHITE:
                colour[child] = GREY
                path.append(child)
                stack.append(iter(sorted(graph[child])))
    return None


def test_knight_gui_has_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_graph_sees_every_kind_of_import():
    """The reader finds relative, absolute and deferred imports (so the test above can fail)."""
    graph = import_graph()
    assert "knight_gui.ui.player" in graph["knight_gui.ui.main_window"]  # from .player import ...
    assert "knight_gui.ui.analysis.results" in graph["knight_gui.ui.analysis.compare"]  # from .results
    assert "knight_gui.tour" in graph["knight_gui.ui.analysis.results"]  # from ...tour import ...
    assert "knight_gui.cli" in graph["knight_gui.app"]  # deferred into main()
    assert "knight_gui.ui.main_window" not in graph["knight_gui.ui.settings"]  # TYPE_CHECKING only


def test_a_cycle_is_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
