"""No import cycles between the modules of asobi, its frontends, the two games and the variants.

The graph is read from the sources with ``ast``: every ``import`` and ``from ... import``,
at module level or inside a function (a cycle through a late import still ties the two
modules together), relative imports resolved. ``import a.b`` is an edge to ``a.b``;
``from a import b`` is an edge to ``a.b`` when that is a module, else to ``a``. Imports under
``if TYPE_CHECKING:`` are for the type checker only and do not count. A cycle is a strongly
connected component of more than one module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    "asobi": ROOT / "core",
    "asobi_koikoi": ROOT / "plugins" / "koikoi",
    "asobi_sakura": ROOT / "plugins" / "sakura",
    "asobi_frontends": ROOT / "frontends",
    "asobi_variants": ROOT / "variants",
}
"""Each package and the folder that holds it."""

ALLOWED: set[frozenset[str]] = set()
"""Cycles tolerated for now, each exactly as it stands today. Only cycles inside folders being
rewritten by others belong here (frontends/asobi_frontends/web, frontends/asobi_frontends/tui,
core/asobi/host), and whoever removes such a cycle removes its entry. There are none today:
the cycles the core had (play.runner/ray_runner, variants.file/yamlread, cli.chooser/questions,
envs.spiel/spiel_state, and host.registry/host.installed/contract.defaults/play.bench) are gone.
Add an entry as ``frozenset({"asobi_frontends.web.a", "asobi_frontends.web.b"})``."""


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the packages: dotted name -> (file, whether it is a package)."""
    found: dict[str, tuple[Path, bool]] = {}
    for package, folder in SOURCES.items():
        for file in sorted((folder / package).rglob("*.py")):
            parts = list(file.relative_to(folder).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            found[".".join(parts)] = (file, is_package)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of ``tree``, at any depth, but those under
    ``if TYPE_CHECKING:`` (its ``else:`` branch counts)."""
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                todo.extend(child.orelse)
            elif isinstance(child, ast.Import | ast.ImportFrom):
                yield child
            else:
                todo.append(child)


def _imported(node: ast.Import | ast.ImportFrom, package: str,
              known: Mapping[str, object]) -> list[str]:
    """The dotted names ``node`` imports, read in the package ``package``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        parts = package.split(".")
        parts = parts[:len(parts) - (node.level - 1)]
        source = ".".join(parts + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    return [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
            for alias in node.names]


def import_graph() -> dict[str, set[str]]:
    """module -> the modules of the packages it imports (other packages are left out)."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, (file, is_package) in known.items():
        package = name if is_package else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _imports(ast.parse(file.read_text(encoding="utf-8"), str(file))):
            for target in _imported(node, package, known):
                while target and target not in known:  # a name inside a module: the module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, without
    recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def _show(component: frozenset[str]) -> str:
    return " <-> ".join(sorted(component))


def test_no_import_cycles():
    found = cycles(import_graph())
    new = [c for c in found if c not in ALLOWED]
    assert not new, (
        "import cycles (move what belongs together into one module, or import for the type "
        "checker only):\n" + "\n".join(_show(c) for c in new))


def test_every_allowed_cycle_still_exists():
    found = set(cycles(import_graph()))
    gone = [c for c in ALLOWED if c not in found]
    assert not gone, (
        "these cycles are gone or changed; take them out of ALLOWED:\n"
        + "\n".join(_show(c) for c in gone))


def test_the_graph_sees_late_imports_and_skips_type_checking_ones():
    graph = import_graph()
    assert "asobi.play.ray_runner" in graph["asobi.play.runner"]  # inside make_runner
    assert "asobi.envs.spiel_state" in graph["asobi.envs.spiel"]  # inside a method
    assert "asobi.envs.spiel" not in graph["asobi.envs.spiel_state"]  # TYPE_CHECKING only
    assert "asobi.play.seeds" in graph["asobi_koikoi.search"]  # from asobi.play.seeds import
    assert "asobi_koikoi.ai_normal" in graph["asobi_koikoi.ai"]  # from .ai_normal import
    assert "asobi.scaffold.command" in graph["asobi.scaffold"]  # from .command, in __init__


def test_cycles_finds_each_strongly_connected_component():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(map(sorted, cycles(graph))) == [["a", "b", "c"], ["d", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
