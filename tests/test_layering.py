"""Data flows one way: no module imports from a layer above its own (imports inside functions
count as much as those at the top; a reader's registration by name is not an import)."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[1] / "server"
PACKAGE = SERVER / "portlint"

# Lowest first. A module may import from its own layer and the layers below it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("portlint", "gcpause", "globs", "limits", "generated", "records", "script_suffixes",
     "tool_signs", "run_scope"),
    ("source",),  # the node model and the JSON/YAML readers
    ("paths", "walk", "model", "meaning"),
    ("shapes", "settings", "python", "typescript"),  # the Python and TypeScript readers
    ("readers", "fixes", "profiles"),  # readers: the registry above every reader
    ("rules",),
    ("suppressions", "placement"),
    ("linter",),  # the pipeline
    ("fixer", "fix_choice", "incremental", "contract", "config", "baseline", "ruledocs", "explain",
     "report"),
    ("live",),
    ("lsp",),
    ("cli", "__main__"),
)
LAYER_OF = {name: i for i, names in enumerate(LAYERS) for name in names}


def _unit(module: str) -> str:
    """``portlint.lsp.server`` → ``lsp``; ``portlint`` → ``portlint``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SERVER).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every ``portlint`` module the file imports, anywhere in it, with the line."""
    found: list[tuple[int, str]] = []
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base == "portlint" or base.startswith("portlint."):
                # ``from portlint import rules`` imports the module portlint.rules
                for alias in node.names:
                    candidate = f"{base}.{alias.name}"
                    named = PACKAGE.parent / candidate.replace(".", "/")
                    is_module = named.with_suffix(".py").exists() or named.is_dir()
                    found.append((node.lineno, candidate if is_module else base))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names
                         if a.name == "portlint" or a.name.startswith("portlint."))
    return found


def _files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_unit_has_a_layer() -> None:
    units = {_unit(_module_name(path)) for path in _files()}
    assert units - set(LAYER_OF) == set(), "give each new module or package a layer here"


def test_no_module_imports_from_a_higher_layer() -> None:
    upward = []
    for path in _files():
        importer = _module_name(path)
        own = LAYER_OF[_unit(importer)]
        for line, imported in _imports(path):
            if LAYER_OF[_unit(imported)] > own:
                upward.append(f"{path.relative_to(SERVER)}:{line} imports {imported}")
    assert upward == []


def test_the_language_server_calls_only_the_incremental_entry_point() -> None:
    for path in (PACKAGE / "lsp").rglob("*.py"):
        for line, imported in _imports(path):
            assert not imported.startswith("portlint.incremental."), f"{path}:{line}"


def test_the_source_layer_knows_no_reader_above_it() -> None:
    """source/ imports nothing of python/ or the registry (only the base utilities: limits and
    the record type); settings nothing of source/."""
    for path in (PACKAGE / "source").rglob("*.py"):
        for line, imported in _imports(path):
            assert _unit(imported) in ("source", "portlint", "limits", "records"), f"{path}:{line}"
    for line, imported in _imports(PACKAGE / "settings.py"):
        assert _unit(imported) != "source", f"settings.py:{line} imports {imported}"


def test_the_check_sees_lazy_imports(tmp_path: Path) -> None:
    """The scanner finds an import inside a function, as the layering relies on."""
    found = _imports(PACKAGE / "linter.py")
    assert any(imported == "portlint.suppressions" for _, imported in found)
