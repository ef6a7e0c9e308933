"""A Python tool accepts or changes input in ways its schema cannot show.

## What it does

Reports, in the Python declarations that reach a tool, each rule the server applies that the
advertised JSON Schema does not carry: `field_validator`/`model_validator` methods,
`AfterValidator`/`BeforeValidator`/`PlainValidator`/`WrapValidator`, value-changing transforms
(`strip_whitespace`, `to_lower`, `to_upper`), `SkipJsonSchema` (a value or field accepted but
not advertised), `AliasChoices` and `populate_by_name` (other keys accepted), a callable
`Discriminator`, `set` (duplicates merged silently), `AnyUrl` normalisation. In TypeScript, at
the Zod call: `.refine`, `.superRefine`, `.check`, `.transform`, `.pipe`, `.overwrite`,
`.trim`/`.toLowerCase`/`.toUpperCase`, `z.preprocess` and `z.coerce.*`.

## Why it matters

The model sees only the schema. When the server refuses values the schema allows — or quietly
rewrites them — the model keeps sending what the schema says and keeps failing: the 003_ seed
records an agent calling a tool sixteen times in ninety seconds with the same rejected value,
because the rule that rejected it was invisible to it.

## Clients affected

Every client: the schema is all any model is given, and a validator's check leaves nothing in
the JSON Schema Pydantic generates — by design (measured on Pydantic 2.14.4).

## Example

```python
class Order(BaseModel):
    start: int
    end: int

    @model_validator(mode="after")
    def ordered(self):
        if self.end < self.start:
            raise ValueError("end < start")
        return self
```

## Fix safety

No automatic fix: say the rule in the field's `description` (`Field(description="must be after
start")`), which the model does read.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, ("State the rule in the field's description, so the model can "
                             "follow it.")


RULE = Rule(
    id="hidden-constraint",
    severity=Severity.INFORMATION,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
