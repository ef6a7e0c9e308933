"""Agent frameworks' MCP bridges: LangChain's MCP adapters (langchain-mcp-adapters, on the MCP
Python SDK 1.x it pins) and LlamaIndex's ``McpToolSpec`` (llama-index-tools-mcp, on the Python
SDK 2.x), which list a server's tools and turn each into the framework's own tool for any model.
Observed; opt-in (the model behind them decides the rest).

LlamaIndex builds a Pydantic model from each input schema and hands on that model's schema, so
most schemas come out respelled; those rewrites are not reported (docs/clients.md shows them).
"""

from __future__ import annotations

from portlint.profiles import constructs as c
from portlint.profiles import tool_members as t
from portlint.profiles.base import Effect, Entry, Observed, Profile
from portlint.profiles.families import on_python_sdk_1, on_python_sdk_2

_IN = ("input",)
_LLAMA = "llama-index-tools-mcp"
_LLAMA_VERSION = "0.6.0"

LLAMA_INDEX = (
    *on_python_sdk_2(_LLAMA, _LLAMA_VERSION),
    # building the argument model raises, and the spec's tool list is lost
    Entry("boolean-schema", _LLAMA, Effect.TOOL_LIST,
          Observed((*c.BOOLEAN_TOP_LEVEL_INPUT, "bool-anyof-branch-true", "bool-items-true",
                    "bool-defs-true")), ("top-level-property", "branch", "nested"), _IN,
          _LLAMA_VERSION),
    Entry("boolean-closure", _LLAMA, Effect.TOOL_LIST,
          Observed(("bool-items-false-with-prefixitems",)), ("items",), _IN, _LLAMA_VERSION),
    Entry("invalid-schema", _LLAMA, Effect.TOOL_LIST,
          Observed(c.INPUT_INVALID_2020 + c.INPUT_ROOT_SHAPE), ("2020-12", "root-shape"), _IN,
          _LLAMA_VERSION),
)

PROFILE = Profile(
    name="frameworks",
    title="Agent frameworks",
    description="LangChain's MCP adapters and LlamaIndex's McpToolSpec (opt-in).",
    default=False,
    clients=("langchain-mcp-adapters", _LLAMA),
    entries=(on_python_sdk_1("langchain-mcp-adapters", "0.3.2") + t.LANGCHAIN_MCP_ADAPTERS
             + LLAMA_INDEX + t.LLAMA_INDEX),
)
