"""Type aliases another module of the project uses."""
from typing import Annotated

from pydantic import Field

PAGE = 10

LocationId = Annotated[str, Field(pattern=r"^[0-9]{8}$", description="8-digit store id.")]
PageSize = Annotated[int, Field(ge=1, le=100, title="Page size", examples=[PAGE])]
