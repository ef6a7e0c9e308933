"""`Field(...)` objects bound to module constants and given as parameters' defaults (awslabs'
aws-pricing-mcp-server writes its parameters this way); one object may serve several
parameters of several tools."""

from pydantic import Field

from app.consts import DEFAULT_LANGUAGE, MAX_RESULTS

SERVICE_CODE_FIELD = Field(..., description='AWS service code (e.g., "AmazonEC2")')
REGION_FIELD = Field(None, description="AWS region(s), or none for global services")
LIMIT_FIELD = Field(MAX_RESULTS, description=f"At most {MAX_RESULTS} results", ge=1,
                    le=MAX_RESULTS)
LANGUAGE_FIELD = Field(DEFAULT_LANGUAGE, description="The language (ISO 639-1 code)")
TAGS_FIELD = Field(default_factory=list, description="Tags to match")
NAME_FIELD = Field(description="A name", min_length=1)
