"""Run in a separate process: reads annotations (one per line) on stdin, prints for each the
schema Pydantic generates for `class M(BaseModel): x: <annotation>` (or an error), as JSON
lines. The test compares them with portlint's static derivation."""

from __future__ import annotations

import json
import sys
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel

for line in sys.stdin:
    annotation = line.strip()
    namespace: dict[str, Any] = {"__name__": "oracle", "BaseModel": BaseModel,
                                 "Optional": Optional, "Union": Union,
                                 "Literal": Literal, "Any": Any}
    try:
        code = compile(f"class M(BaseModel):\n    x: {annotation}\n", "<oracle>", "exec",
                       dont_inherit=True)  # not this file's postponed annotations
        exec(code, namespace)
        print(json.dumps(namespace["M"].model_json_schema()))
    except Exception as error:
        print(json.dumps({"error": type(error).__name__}))
