"""What the MCP Python SDK 2.x server does to a tool's schema roots on the wire: refuses them,
or writes them in its own order and values.

`mcp` 2.x serialises every result through the wire model of the protocol version the client
negotiated. For the versions negotiated with a handshake (2024-11-05 to 2025-11-25: what every
client speaks today) a tool's `inputSchema` and `outputSchema` roots are models that declare
`$schema` (a string), `properties` (an object of schemas: objects or booleans), `required` (an
array of strings) and `type` (exactly `"object"`), and allow any other keyword — `properties`
holding objects only on 2.0.x, objects or booleans from 2.1.0 (where Pydantic's lax mode also
reads `1`, `"yes"`, `0.0`... as booleans). A root that
fails them fails the whole tools/list result: the server logs the ValidationError and answers
the request with the JSON-RPC error `-32603 "Handler returned an invalid result"`, so a client
gets no tool at all — the well-formed ones neither. Observed with mcp 2.0.0-2.3.0: the oracle
project `m2-lowlevel-wire`, and `tests/python/wire-refusals.json` (each case handed to the SDK's
own serialisation under every handshake version).

What it accepts it sends rewritten (:func:`sent_form`): the keywords the model declares first
(`$schema`, `properties`, `required`, `type`), then the rest as written, every keyword of the
root whose value is `null` left out (a root `"default": null` too; nested values are kept);
and, from 2.1.0, a property schema written as `1`, `"yes"`, `0.0`... as the boolean Pydantic
reads it.
"""

from __future__ import annotations

from typing import Any

from portlint.python.pydantic_schema import wire_order

# what Pydantic's lax mode turns into a boolean (so a property "schema" of this value is sent
# as `true`/`false` rather than refused)
_TRUE_STRINGS = frozenset(("1", "on", "t", "true", "y", "yes"))
_BOOLEAN_LIKE_STRINGS = _TRUE_STRINGS | frozenset(("0", "off", "f", "false", "n", "no"))


def refusal(schema: Any, property_booleans: bool = True) -> tuple[str, str | None] | None:
    """Why the handshake-era wire model refuses this schema root, and the keyword at fault
    (None: the root itself); None when it accepts it. ``property_booleans``: the release takes
    boolean property schemas (2.1.0 on)."""
    if type(schema) is not dict:
        return "the root is not an object", None
    if "type" not in schema:
        return "the root has no `type`, and the wire model requires `\"type\": \"object\"`", None
    if schema["type"] != "object" or type(schema["type"]) is not str:
        return "the root's `type` is not `\"object\"`, the only value the wire model takes", "type"
    if "$schema" in schema and schema["$schema"] is not None and type(schema["$schema"]) is not str:
        return "`$schema` is not a string", "$schema"
    properties = schema.get("properties")
    if properties is not None:
        if type(properties) is not dict:
            return "`properties` is not an object", "properties"
        for name, value in properties.items():
            if type(value) is not dict and not (property_booleans and _boolean_like(value)):
                kinds = "neither a schema object nor a boolean" if property_booleans else \
                    "not a schema object (before 2.1.0 the wire model takes no boolean there)"
                return f"the property `{name}` is {kinds}", "properties"
    required = schema.get("required")
    if required is not None and (type(required) is not list or any(
            type(name) is not str for name in required)):
        return "`required` is not an array of strings", "required"
    return None


def sent_form(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (a root :func:`refusal` accepts) rewritten in place as the server sends it."""
    for keyword in [k for k, v in schema.items() if v is None]:
        del schema[keyword]
    properties = schema.get("properties")
    if type(properties) is dict:
        for name, value in properties.items():
            if type(value) is not dict and type(value) is not bool:
                properties[name] = _as_boolean(value)
    return wire_order(schema)


def _as_boolean(value: Any) -> bool:
    if type(value) is str:
        return value.lower() in _TRUE_STRINGS
    return bool(value)


def _boolean_like(value: Any) -> bool:
    """A boolean, or what Pydantic's lax mode reads as one."""
    if type(value) is bool:
        return True
    if type(value) is int:
        return value in (0, 1)
    if type(value) is float:
        return value in (0.0, 1.0)
    return type(value) is str and value.lower() in _BOOLEAN_LIKE_STRINGS
