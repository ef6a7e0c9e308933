"""TypeScript and JavaScript MCP servers, read statically: tool registrations of the MCP SDKs,
Zod declarations turned into the JSON Schema the server advertises, every part placed at the
expression that produced it. Nothing here runs Node or the user's code."""
