"""What the names of a module refer to, from its imports: `BaseModel` → `pydantic.BaseModel`,
`pd.Field` → `pydantic.Field`, `Optional` → `typing.Optional`."""

from __future__ import annotations

import ast

# Modules whose names mean the same: typing_extensions re-exports typing, and so on.
_ALIASES = {
    "typing_extensions": "typing",
    "collections.abc": "typing",
    "pydantic.main": "pydantic",
    "pydantic.fields": "pydantic",
    "pydantic.types": "pydantic",
    "pydantic.functional_validators": "pydantic",
    "pydantic.networks": "pydantic",
    "pydantic.json_schema": "pydantic",
    "pydantic.dataclasses": "pydantic.dataclasses",
    "mcp.server.fastmcp.server": "mcp.server.fastmcp",
    "fastmcp.server": "fastmcp",
    "fastmcp.server.server": "fastmcp",
}


def _canonical(module: str) -> str:
    return _ALIASES.get(module, module)


class Names:
    """The qualified name each local name stands for."""

    def __init__(self, tree: ast.Module) -> None:
        self.imported: dict[str, str] = {}  # local name -> qualified name
        self.written: dict[str, str] = {}  # local name -> qualified name, modules as imported
        self.modules: set[str] = set()  # every module imported, canonical
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.modules.add(_canonical(alias.name))
                    local = alias.asname or alias.name.split(".")[0]
                    target = alias.name if alias.asname else alias.name.split(".")[0]
                    self.imported[local] = _canonical(target)
                    self.written[local] = target
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                module = _canonical(node.module)
                self.modules.add(module)
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = f"{module}.{alias.name}"
                    self.written[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.ImportFrom) and node.level > 0:
                module = "." * node.level + (node.module or "")
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = f"{module}.{alias.name}" if (
                        node.module) else f"{module}{alias.name}"

    def qualified(self, expr: ast.expr) -> str | None:
        """`typing.Optional` for `Optional`, `t.Optional`, `typing.Optional`; builtins as
        `builtins.list`; None for anything else."""
        if isinstance(expr, ast.Name):
            if expr.id in self.imported:
                return self.imported[expr.id]
            return f"builtins.{expr.id}"
        if isinstance(expr, ast.Attribute):
            base = self.qualified(expr.value)
            if base is None:
                return None
            if base.startswith("builtins."):
                base = base[len("builtins."):]
            return _canonical(base) + "." + expr.attr if "." not in base else (
                f"{_canonical(base)}.{expr.attr}")
        return None

    def as_written(self, expr: ast.expr) -> str | None:
        """The qualified name with the modules as imported, not merged: `collections.abc.Sequence`
        (a class) stays apart from `typing.Sequence` (an alias), which :meth:`qualified` merges."""
        if isinstance(expr, ast.Name):
            if expr.id in self.imported:
                return self.written.get(expr.id, self.imported[expr.id])
            return f"builtins.{expr.id}"
        if isinstance(expr, ast.Attribute):
            base = self.as_written(expr.value)
            if base is None:
                return None
            if base.startswith("builtins."):
                base = base[len("builtins."):]
            return f"{base}.{expr.attr}"
        return None

    def imports_any(self, *prefixes: str) -> bool:
        return any(m == p or m.startswith(p + ".") for m in self.modules for p in prefixes)
