import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { registerUserTools } from "./tools/user.js";
import registerAdminTools from "./tools/admin.js";
import { installNotes } from "./tools/notes.js";

const server = new McpServer({ name: "parameter-registration", version: "1.0.0" });
registerUserTools(server);
registerAdminTools(server);
installNotes({ server, prefix: "notes" });

await server.connect(new StdioServerTransport());
