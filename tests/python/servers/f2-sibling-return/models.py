from pydantic import BaseModel, Field


class Invoice(BaseModel):
    """An invoice."""
    number: str = Field(description="Invoice number")
    total: float
    paid: bool = False
