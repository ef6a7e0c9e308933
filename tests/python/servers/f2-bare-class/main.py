from typing import Annotated

from fastmcp import FastMCP
from pydantic import BaseModel, Field
import collections.abc
import typing as t
from collections import abc
from collections.abc import Mapping as AbcMapping
from typing import (Any, Dict, FrozenSet, Iterable, List, Mapping, MutableMapping,
                    MutableSequence, Optional, Sequence, Set, Tuple)

mcp = FastMCP("bare-class")

Pair = Tuple  # a module alias of a bare generic
Rows = list
Pairs = List[Tuple]


@mcp.tool()
def ret_typing_dict() -> Dict:
    return {}


@mcp.tool()
def ret_dict() -> dict:
    return {}


@mcp.tool()
def ret_typing_mapping() -> Mapping:
    return {}


@mcp.tool()
def ret_abc_mapping() -> AbcMapping:
    return {}


@mcp.tool()
def ret_mutable_mapping() -> MutableMapping:
    return {}


@mcp.tool()
def ret_typing_list() -> List:
    return []


@mcp.tool()
def ret_list() -> list:
    return []


@mcp.tool()
def ret_typing_sequence() -> t.Sequence:
    return []


@mcp.tool()
def ret_abc_sequence() -> collections.abc.Sequence:
    return []


@mcp.tool()
def ret_mutable_sequence() -> MutableSequence:
    return []


@mcp.tool()
def ret_typing_tuple() -> Tuple:
    return ()


@mcp.tool()
def ret_tuple() -> tuple:
    return ()


@mcp.tool()
def ret_typing_set() -> Set:
    return set()


@mcp.tool()
def ret_set() -> set:
    return set()


@mcp.tool()
def ret_typing_frozenset() -> FrozenSet:
    return frozenset()


@mcp.tool()
def ret_frozenset() -> frozenset:
    return frozenset()


@mcp.tool()
def ret_iterable() -> Iterable:
    return []


@mcp.tool()
def ret_list_any() -> list[Any]:
    return []


@mcp.tool()
def ret_typing_list_any() -> List[Any]:
    return []


@mcp.tool()
def ret_sequence_any() -> abc.Sequence[Any]:
    return []


@mcp.tool()
def ret_tuple_any_ellipsis() -> tuple[Any, ...]:
    return ()


@mcp.tool()
def ret_tuple_any_pair() -> Tuple[Any, Any]:
    return (1, 2)


@mcp.tool()
def ret_tuple_empty() -> tuple[()]:
    return ()


@mcp.tool()
def ret_list_str() -> List[str]:
    return []


@mcp.tool()
def ret_typing_dict_str_any() -> Dict[str, Any]:
    return {}


@mcp.tool()
def ret_dict_str_any() -> dict[str, Any]:
    return {}


@mcp.tool()
def ret_abc_mapping_str_int() -> abc.Mapping[str, int]:
    return {}


@mcp.tool()
def ret_optional_tuple() -> Optional[Tuple]:
    return None


@mcp.tool()
def ret_tuple_or_none() -> Tuple | None:
    return None


@mcp.tool()
def ret_optional_list() -> Optional[List]:
    return None


@mcp.tool()
def ret_list_of_tuple() -> list[Tuple]:
    return []


@mcp.tool()
def ret_dict_of_tuple() -> Dict[str, Tuple]:
    return {}


@mcp.tool()
def ret_alias_tuple() -> Pair:
    return ()


@mcp.tool()
def ret_alias_list() -> Rows:
    return []


@mcp.tool()
def ret_alias_pairs() -> Pairs:
    return []


@mcp.tool()
def params(a: Dict, b: dict, c: Mapping, d: AbcMapping, e: MutableMapping, f: List, g: list,
           h: Sequence, i: collections.abc.Sequence, j: MutableSequence, k: Tuple, m: tuple,
           n: Set, o: set, p: FrozenSet, q: frozenset, r: Iterable, s: Optional[Tuple] = None,
           u: list[Tuple] | None = None, v: Pair = (), w: Dict[str, Any] | None = None) -> str:
    return ""


@mcp.tool()
def ret_annotated_list() -> Annotated[list, Field(description="rows")]:
    return []


class Row(BaseModel):
    cells: Tuple
    tags: Optional[Tuple] = None


@mcp.tool()
def ret_rows() -> list[Row]:
    return []


@mcp.tool()
def ret_annotated_alias() -> Annotated[Rows, "rows"]:
    return []


if __name__ == "__main__":
    mcp.run()
