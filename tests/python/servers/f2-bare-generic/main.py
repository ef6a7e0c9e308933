import collections.abc
import typing
from typing import Any, Dict, List, Mapping, Sequence, Set, Tuple

from fastmcp import FastMCP
mcp = FastMCP("bare")



@mcp.tool()
def returns_builtin_dict() -> dict:
    """Returns dict."""
    raise NotImplementedError


@mcp.tool()
def returns_typing_dict() -> Dict:
    """Returns Dict."""
    raise NotImplementedError


@mcp.tool()
def returns_typing_mapping() -> Mapping:
    """Returns Mapping."""
    raise NotImplementedError


@mcp.tool()
def returns_abc_mapping() -> collections.abc.Mapping:
    """Returns collections.abc.Mapping."""
    raise NotImplementedError


@mcp.tool()
def returns_builtin_list() -> list:
    """Returns list."""
    raise NotImplementedError


@mcp.tool()
def returns_typing_list() -> List:
    """Returns List."""
    raise NotImplementedError


@mcp.tool()
def returns_typing_sequence() -> Sequence:
    """Returns Sequence."""
    raise NotImplementedError


@mcp.tool()
def returns_abc_sequence() -> collections.abc.Sequence:
    """Returns collections.abc.Sequence."""
    raise NotImplementedError


@mcp.tool()
def returns_builtin_tuple() -> tuple:
    """Returns tuple."""
    raise NotImplementedError


@mcp.tool()
def returns_typing_tuple() -> Tuple:
    """Returns Tuple."""
    raise NotImplementedError


@mcp.tool()
def returns_builtin_set() -> set:
    """Returns set."""
    raise NotImplementedError


@mcp.tool()
def returns_typing_set() -> Set:
    """Returns Set."""
    raise NotImplementedError


@mcp.tool()
def returns_list_of_any() -> list[Any]:
    """Returns list[Any]."""
    raise NotImplementedError


@mcp.tool()
def returns_dict_of_any() -> Dict[str, Any]:
    """Returns Dict[str, Any]."""
    raise NotImplementedError


@mcp.tool()
def returns_qualified_list() -> typing.List:
    """Returns typing.List."""
    raise NotImplementedError


@mcp.tool()
def takes_bare(a: Dict, b: List, c: Mapping, d: Sequence, e: Tuple, f: tuple, g: Set) -> str:
    """Takes bare generics."""
    return ""


if __name__ == "__main__":
    mcp.run()
