"""Base classes the server module derives its models from (odoo-mcp's `ToolResponse`)."""

from enum import Enum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from typing_extensions import TypedDict


class Level(str, Enum):
    LOW = "low"
    HIGH = "high"


class ToolResponse(BaseModel):
    """A response every tool gives."""

    model_config = ConfigDict(extra="forbid")

    success: bool = True
    level: Level = Level.LOW
    mode: Literal["fast", "full"] = Field("fast", description="How it was done")
    _secret: str = "hidden"

    @field_validator("mode")
    @classmethod
    def known_mode(cls, value: str) -> str:
        return value


class Paged(TypedDict):
    """A page of something."""

    page: int
    size: int


class Stamped(BaseModel):
    stamp: int = Field(0, ge=0)
