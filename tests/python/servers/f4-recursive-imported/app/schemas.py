"""Models of the server, one of them recursive (mcp-pypi's `DependencyNode`)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Node(BaseModel):
    name: str
    children: list[Node] = Field(default_factory=list)


class Leaf(BaseModel):
    label: str
