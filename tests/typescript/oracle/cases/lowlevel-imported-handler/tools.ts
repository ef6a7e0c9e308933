// the tool list and the tools/list handler written in a module of their own, as
// @translated/lara-mcp does: the server module names the handler
const SEARCH = {
  name: "search",
  description: "Searches",
  inputSchema: { type: "object", properties: { q: { type: "string" }, page: { type: ["integer", "null"] } }, required: ["q"] },
};
const toolDefinitions = [
  SEARCH,
  { name: "stats", inputSchema: { type: "object", properties: { deep: { type: "object", properties: { r: { type: ["number", "null"] } } } } } },
];
export async function ListTools() {
  return { tools: toolDefinitions };
}
