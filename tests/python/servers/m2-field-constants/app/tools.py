"""Tools whose parameters' defaults are the `Field(...)` constants of app.fields (imported by
name and through the module), and one of this module's own."""

from typing import Annotated, List, Optional, Union

from pydantic import Field

from app import fields
from app.fields import LIMIT_FIELD, NAME_FIELD, REGION_FIELD, SERVICE_CODE_FIELD, TAGS_FIELD

PAGE_FIELD = Field(1, description="The page", ge=1)
REBOUND_FIELD = Field(2, description="Bound twice")
REBOUND_FIELD = Field(3, description="Bound again")


def register(mcp) -> None:
    @mcp.tool()
    def get_pricing(
        service_code: str = SERVICE_CODE_FIELD,
        region: Optional[Union[str, List[str]]] = REGION_FIELD,
        max_results: int = LIMIT_FIELD,
        page: int = PAGE_FIELD,
    ) -> dict[str, int]:
        """Get prices."""
        return {}

    @mcp.tool()
    def get_products(
        service_code: str = SERVICE_CODE_FIELD,
        language: str = fields.LANGUAGE_FIELD,
        tags: list[str] = TAGS_FIELD,
        name: Annotated[str, NAME_FIELD] = "all",
    ) -> list[str]:
        """Get products."""
        return []

    @mcp.tool()
    def count_regions(region: str = REGION_FIELD, limit: int = LIMIT_FIELD) -> int:
        """Count regions (the same fields, other types)."""
        return 0

    @mcp.tool()
    def rebound(value: int = REBOUND_FIELD) -> int:
        """A default bound twice: which one is known at run time."""
        return value
