"""Root models written every way Pydantic takes them: `root` annotated on a bare `RootModel`
(biomcp's `class EntityList(RootModel): root: list[Entity]`), `RootModel[...]`, both, and a
root model inherited, and one whose root is a model (the SDK's `TokenSuccessResponse`)."""

from pydantic import BaseModel, RootModel

from mcp.server.fastmcp import FastMCP


class Tags(RootModel):
    root: list[str]


class Scores(RootModel[dict[str, float]]):
    pass


class Ids(RootModel[list[int]]):
    root: list[int]


class MoreTags(Tags):
    """Tags, the root inherited."""


class Entity(BaseModel):
    name: str


class Entities(RootModel):
    root: list[Entity]


class Wrapped(RootModel[Entity]):
    root: Entity


mcp = FastMCP("root-models")


@mcp.tool()
def tag(tags: Tags, scores: Scores, ids: Ids, more: MoreTags, entities: Entities) -> Tags:
    """Tag things."""
    return tags


@mcp.tool()
def wrap(entity: Wrapped) -> Wrapped:
    """Wrap an entity."""
    return entity


if __name__ == "__main__":
    mcp.run()
