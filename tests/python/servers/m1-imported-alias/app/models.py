"""Type aliases the server imports, as awslabs.dynamodb-mcp-server writes them: a discriminated
union of models behind `Annotated`, a plain union, a constrained scalar, a list alias."""

from typing import Annotated, List, Literal, Union

from pydantic import BaseModel, Field


class GetPattern(BaseModel):
    operation: Literal["get"]
    key: str


class ScanPattern(BaseModel):
    operation: Literal["scan"]
    limit: int = 10


AccessPattern = Annotated[Union[GetPattern, ScanPattern], Field(discriminator="operation")]
Either = Union[GetPattern, int]
Name = Annotated[str, Field(min_length=1, max_length=40)]
Names = List[Name]
