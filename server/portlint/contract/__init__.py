"""The tool contract between two versions of a tool list: what changed, and whether a client
written against the old one can break.

``model`` reads a JSON Schema into what it means (which JSON types it admits and, per type, the
constraints), so that spellings of the same meaning compare equal: a ``type`` array and an
``anyOf`` of single types, ``const`` and a one-value ``enum``, ``true`` and ``{}``, a local
``$ref`` and its target. ``schema_diff`` compares two such meanings, ``tools_diff`` two tool
lists, and ``findings`` places every change in the documents it came from.
"""
