"""Tools registered in a function that receives the server as a parameter
(``export function registerUserTools(server: McpServer) { server.registerTool(…) }``, arrow
functions, typed or untyped, called from the index file or not) are found in the file that
registers them; an untyped receiver counts only when the call has the SDK method's argument
shapes and the project uses an MCP SDK, so unrelated ``.tool(`` calls stay out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.reader import analyze

LIST = "z.union([z.string(), z.array(z.string())])"


def project(root: Path, sdk: str | None = "1.32.2", server: str | None = None) -> Path:
    dependencies = {"zod": "3.25.76" if server is None else "4.6.7"}
    packages = {"node_modules/zod": {"version": dependencies["zod"]}}
    if sdk is not None:
        dependencies["@modelcontextprotocol/sdk"] = sdk
        packages["node_modules/@modelcontextprotocol/sdk"] = {"version": sdk}
    if server is not None:
        dependencies["@modelcontextprotocol/server"] = server
        packages["node_modules/@modelcontextprotocol/server"] = {"version": server}
    (root / "package.json").write_text(json.dumps({"dependencies": dependencies}))
    (root / "package-lock.json").write_text(json.dumps({"packages": packages}))
    return root


def findings(path: Path, text: str) -> list[tuple[str, str, str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]]) for f in result.findings]


ZOD = 'import { z } from "zod";\n'
TYPED = 'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
REGISTER = ('SERVER.registerTool("find", { description: "Finds", inputSchema: { q: ' + LIST +
            ' } }, async () => ({ content: [] }));')
TOOL = 'SERVER.tool("find", "Finds", { q: ' + LIST + ' }, async () => ({ content: [] }));'


@pytest.mark.parametrize("header", [ZOD, ZOD + TYPED])
@pytest.mark.parametrize("function", [
    "export function registerUserTools(server: McpServer) {\n  BODY\n}\n",
    "export function registerUserTools(server) {\n  BODY\n}\n",
    "export const registerUserTools = (server: any) => {\n  BODY\n};\n",
    "export const registerUserTools = server => {\n  BODY\n};\n",
    "export default function (server) {\n  BODY\n}\n",
    "module.exports = function registerUserTools(server) {\n  BODY\n};\n",
    "export const registerUserTools = ({ server }) => {\n  BODY\n};\n",
])
@pytest.mark.parametrize("body", [REGISTER, TOOL])
def test_a_server_parameter_registers_tools_whether_typed_or_not(
        tmp_path: Path, header: str, function: str, body: str) -> None:
    if "McpServer)" in function and "McpServer" not in header:
        function = function.replace("server: McpServer", "server")
    path = project(tmp_path) / "user-tools.ts"
    text = header + function.replace("BODY", body.replace("SERVER", "server"))
    assert findings(path, text) == [("list-as-text", "warning", LIST)]
    [tool] = analyze(text, path).tools
    assert tool.entry is not None and tool.entry["name"] == "find"
    assert tool.entry["description"] == "Finds"
    assert tool.entry["execution"] == {"taskSupport": "forbidden"}  # SDK 1.32's entry


def test_a_parameter_typed_through_an_sdk_namespace_is_a_server(tmp_path: Path) -> None:
    path = project(tmp_path) / "tools.ts"
    text = (ZOD + 'import * as mcp from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            'export function register(s: mcp.McpServer) {\n  s.tool("find", "Finds", '
            '() => ({ content: [] }));\n}\n')
    [tool] = analyze(text, path).tools
    assert tool.entry is not None and tool.entry["inputSchema"] == {
        "type": "object", "properties": {}}


def test_the_sdk_line_of_an_untyped_parameter_comes_from_the_project(tmp_path: Path) -> None:
    path = project(tmp_path, sdk=None, server="2.4.0") / "tools.ts"
    text = ZOD + 'export function register(server) {\n  ' + REGISTER.replace(
        "SERVER", "server") + "\n}\n"
    [tool] = analyze(text, path).tools
    assert tool.entry is not None and "execution" not in tool.entry  # 2.x lists none
    assert tool.entry["inputSchema"]["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_a_low_level_handler_on_an_untyped_parameter_is_read(tmp_path: Path) -> None:
    path = project(tmp_path) / "handlers.ts"
    text = ('import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
            'export function install(server) {\n'
            '  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [\n'
            '    { name: "find", inputSchema: { type: "object", properties: { q: { type: '
            '["string", "array"] } } } },\n  ] }));\n}\n')
    [tool] = analyze(text, path).tools
    assert tool.name == "find" and tool.entry is not None


@pytest.mark.parametrize("text", [
    # another API's `.tool(name, callback)`: nothing but a string and a function
    ZOD + "export function wire(agent) {\n  agent.tool(\"search\", () => 1);\n}\n",
    # a receiver typed with a type that is not the SDK's server
    ZOD + "import { Agent } from \"agents\";\nexport function wire(agent: Agent) {\n  " +
    TOOL.replace("SERVER", "agent") + "\n}\n",
    # a config object with keys no SDK config has
    ZOD + "export function wire(router) {\n  router.registerTool(\"x\", { path: \"/x\", "
          "method: \"GET\" }, () => 1);\n}\n",
    # the callback is not a function
    ZOD + "export function wire(menu) {\n  menu.tool(\"x\", { a: 1 }, \"label\");\n}\n",
    # a handler for another request
    "export function wire(bus) {\n  bus.setRequestHandler(\"ping\", async () => ({}));\n}\n",
])
def test_unrelated_tool_calls_are_not_registrations(tmp_path: Path, text: str) -> None:
    path = project(tmp_path) / "wiring.ts"
    assert analyze(text, path).tools == []
    assert findings(path, text) == []


def test_an_untyped_parameter_in_a_project_without_an_mcp_sdk_is_not_a_server(
        tmp_path: Path) -> None:
    path = project(tmp_path, sdk=None) / "tools.ts"
    text = ZOD + 'export function register(server) {\n  ' + TOOL.replace(
        "SERVER", "server") + "\n}\n"
    assert analyze(text, path).tools == []


def test_a_directory_run_reports_the_tools_of_a_registration_module(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path)
    (root / "src" / "tools").mkdir(parents=True)
    (root / "src" / "index.ts").write_text(
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
        'import { registerUserTools } from "./tools/user.js";\n'
        'const server = new McpServer({ name: "t", version: "1" });\n'
        'registerUserTools(server);\n')
    module = ZOD + "export const registerUserTools = (server) => {\n  " + REGISTER.replace(
        "SERVER", "server") + "\n};\n"
    (root / "src" / "tools" / "user.ts").write_text(module)
    assert main(["check", "--format", "json", str(root / "src")]) == 0
    report = json.loads(capsys.readouterr().out)
    line = module.splitlines()[2]
    column = line.index(LIST) + 1
    assert [(f["file"], f["rule"], f["severity"], f["path"], f["location"], f["end_location"])
            for f in report["findings"]] == [
        (str(root / "src" / "tools" / "user.ts"), "list-as-text", "warning",
         "inputSchema.properties.q", {"line": 3, "column": column},
         {"line": 3, "column": column + len(LIST)})]


@pytest.mark.parametrize(("call", "reason"), [
    # a configuration imported from a package: read as the registration, its schema unknown
    ('server.registerTool("find", config, async () => ({ content: [] }));',
     "`config` comes from the package `./nowhere-pkg`"),
    ('server.tool("find", "Finds", shape, async () => ({ content: [] }));',
     "`shape` comes from the package `./nowhere-pkg`"),
    ('server.setRequestHandler(ListToolsRequestSchema, listTools);',
     "the `tools/list` handler is not a function written here"),
])
def test_in_a_file_that_imports_the_sdk_an_unfollowed_argument_is_said_not_dropped(
        tmp_path: Path, call: str, reason: str) -> None:
    path = project(tmp_path) / "tools.ts"
    text = ('import { McpServer, Server } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
            'import { config, shape, listTools } from "nowhere-pkg";\n'
            "export function register(server) {\n  " + call + "\n}\n")
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    [finding] = result.findings
    assert (finding.rule, finding.severity.value) == ("unknown-schema", "information")
    assert reason.replace("./nowhere-pkg", "nowhere-pkg") in finding.message


def test_the_sdks_list_schema_says_a_tools_list_handler_whatever_wraps_it(
        tmp_path: Path) -> None:
    """@executeautomation/playwright-mcp-server 1.0.12's `requestHandler.js` imports the SDK's
    request schemas only, and hands `setRequestHandler` a middleware's wrapper of its handler:
    said not read, never passed over as no server at all. A bare `"tools/list"` string with
    such a handler, in a file naming no SDK server, is anyone's: not claimed."""
    path = project(tmp_path) / "requestHandler.js"
    text = ('import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
            "export function setupRequestHandlers(server, tools) {\n"
            "  server.setRequestHandler(ListToolsRequestSchema, logged('ListTools', "
            "async () => ({ tools })));\n}\n")
    path.write_text(text)
    found = [(f.rule, text[f.span[0]:f.span[1]], f.message)
             for f in lint_text(text, str(path), Settings()).findings]
    assert found == [("unknown-schema", text[text.index("server.setRequestHandler"):
                                             text.index(";\n}")],
                      "The schemas of the tools this handler lists cannot be derived "
                      "statically: the `tools/list` handler is not a function written here.")]
    (tmp_path / "other").mkdir()
    other = project(tmp_path / "other") / "bus.js"
    text = ('import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
            "export function setup(bus) {\n"
            "  bus.setRequestHandler('tools/list', logged('x', () => 1));\n}\n")
    other.write_text(text)
    assert lint_text(text, str(other), Settings()).findings == []


@pytest.mark.parametrize(("shape", "reason", "where"), [
    # @heroku/mcp-server 1.2.8's deploy_to_heroku: a describe() made at run time in the shape
    ("z.object({ appJson: z.string().describe(`Follow: ${JSON.stringify(spec)}`) }).shape",
     "the description is not a string literal", "`Follow: ${JSON.stringify(spec)}`"),
    ("shapes.deploy", "`shapes` comes from the package `nowhere-pkg`, whose source portlint does not read",
     "shapes"),
])
def test_after_a_literal_description_an_unfollowed_shape_is_said_not_dropped(
        tmp_path: Path, shape: str, reason: str, where: str) -> None:
    """On an untyped parameter, in a file naming no SDK: `tool(name, "description", X,
    callback)` is the SDK's shape, and X unfollowed is said, never the tool passed over."""
    path = project(tmp_path) / "deploy.ts"
    text = (ZOD + 'import { shapes } from "nowhere-pkg";\nconst spec = { a: 1 };\n'
            "export const register = (server) => {\n"
            f'  server.tool("deploy", "Deploys.", {shape}, async () => ({{ content: [] }}));\n'
            "};\n")
    path.write_text(text)
    [finding] = lint_text(text, str(path), Settings()).findings
    assert (finding.rule, finding.severity.value, text[finding.span[0]:finding.span[1]]) == (
        "unknown-schema", "information", where)
    assert finding.message == (
        f"The schema of tool `deploy` cannot be derived statically: {reason}.")


def test_a_registration_on_a_parameter_with_nothing_followed_is_said_not_dropped(
        tmp_path: Path) -> None:
    """@launchdarkly/mcp-server 0.6.2: `createRegisterTool(logger, server)` calls
    `server.tool(tool.name, tool.description, tool.args, async (args) => ...)` for each tool
    it is handed; nothing about it can be followed, and the server's tools were passed over
    ("Nothing checked"). A function written as the callback makes it the SDK's shape."""
    path = project(tmp_path) / "tools.js"
    text = ("export function createRegisterTool(logger, server) {\n"
            "  return (tool) => {\n"
            "    server.tool(tool.name, tool.description, tool.args, async (args) => {\n"
            "      return { content: [] };\n"
            "    });\n"
            "  };\n"
            "}\n")
    path.write_text(text)
    [finding] = lint_text(text, str(path), Settings()).findings
    assert (finding.rule, finding.severity.value, text[finding.span[0]:finding.span[1]]) == (
        "unknown-schema", "information", "tool.name")
    assert finding.message == (
        "The schema of a tool cannot be derived statically: `tool` is a parameter, known only "
        "when the function is called; its name is not read either.")


@pytest.mark.parametrize(("config", "said", "why"), [
    ("const config = { description: \"d\" };\n  config._meta = { x: 1 };\n  ", "config",
     "`config` is assigned or changed after its declaration"),
    ("const config = makeConfig();\n  ", "makeConfig()",
     "the result of calling a function (portlint does not run it)"),
])
def test_register_tool_on_a_parameter_with_a_config_not_followed_is_said(
        tmp_path: Path, config: str, said: str, why: str) -> None:
    """@mapbox/mcp-server 0.14.0: `BaseTool.installTo(server)` builds `config`, sets its
    `outputSchema` when there is one, and calls `server.registerTool(this.name, config, async
    (args, extra) => ...)`; its 29 tools were passed over ("Nothing checked")."""
    path = project(tmp_path) / "tool.js"
    text = ("function makeConfig() {\n  const made = { description: \"d\" };\n  made.title = \"t\";\n"
            "  return made;\n}\n"
            "export function install(server) {\n  " + config
            + "return server.registerTool(\"t\", config, async () => ({ content: [] }));\n}\n")
    path.write_text(text)
    [finding] = lint_text(text, str(path), Settings()).findings
    assert (finding.rule, finding.severity.value, text[finding.span[0]:finding.span[1]]) == (
        "unknown-schema", "information", said)
    assert finding.message == f"The schema of tool `t` cannot be derived statically: {why}."


@pytest.mark.parametrize("forward", ["McpServer.prototype.registerTool.call(this, name, config, cb)",
                                     "McpServer.prototype.tool.apply(this, args)"])
def test_a_subclass_forwarding_to_the_sdks_registration_is_said_not_dropped(
        tmp_path: Path, forward: str) -> None:
    """@shortcut/mcp 0.25.0 registers its 56 tools through its own `McpServer` subclass,
    whose methods hand `McpServer.prototype.registerTool.call(this, ...)` what they are given:
    said at that call, for the tools registered through it ("Nothing checked" before)."""
    path = project(tmp_path) / "server.js"
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            "export class CustomServer extends McpServer {\n"
            "  addReadTool(...args) {\n"
            "    const { name, config, cb } = parse(args);\n"
            f"    return {forward};\n"
            "  }\n"
            "}\n")
    path.write_text(text)
    [finding] = lint_text(text, str(path), Settings()).findings
    called = forward.split("(", maxsplit=1)[0].rsplit(".", 1)[0]
    assert (finding.rule, finding.severity.value, text[finding.span[0]:finding.span[1]]) == (
        "unknown-schema", "information", forward)
    assert finding.message == (
        "The schemas of the tools registered through this call cannot be derived statically: "
        f"`{called}` is handed what the function around it is given when it runs.")


def test_another_classs_prototype_call_is_no_registration(tmp_path: Path) -> None:
    path = project(tmp_path) / "server.js"
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            "class Menu { tool(name) { return name; } }\n"
            'export const pick = (args) => Menu.prototype.tool.call(this, "x", args);\n')
    path.write_text(text)
    assert lint_text(text, str(path), Settings()).findings == []


def test_a_bound_method_is_a_callback(tmp_path: Path) -> None:
    # @mapbox/mcp-server's tool classes: `server.tool(this.name, this.description,
    # this.inputSchema.shape, this.run.bind(this))` in `installTo(server)`; the tools were
    # passed over as another API's, and the package said to have none
    path = project(tmp_path) / "tool.js"
    text = (ZOD + "export class FindTool {\n  async run(input) {\n    return { content: [] };\n"
            "  }\n  installTo(server) {\n    server.tool(\"find\", this.description, "
            "this.schema, this.run.bind(this));\n  }\n}\n")
    [tool] = analyze(text, path).tools
    assert (tool.name, tool.entry) == ("find", None)
    assert [reason for reason, _ in tool.unknown] == [
        "`this.description` is set on the object at run time (by a subclass, a caller or a "
        "constructor's argument), not in this class"]
    # a bound function makes no other call the SDK's: a number for a name is another API's
    assert analyze(text.replace('"find"', "42"), path).tools == []


@pytest.mark.parametrize(("call", "tools"), [
    # @xeroapi/xero-mcp-server 0.0.17: a helper module given the server, in a project using
    # the SDK; a literal description makes `tool(name, description, callback)` the SDK's
    ('server.tool("two", "Second tool", async () => ({ content: [] }));',
     [("two", None)]),
    ('[1].forEach(() => server.tool("cb", "In a callback", async () => ({ content: [] })));',
     [("cb", None)]),
    # four values, none followed: the SDK's `tool(name, description, shape, handler)`, said
    ("TOOLS.forEach((tool) => server.tool(tool.name, tool.description, tool.schema, "
     "tool.handler));",
     [("?", "`tool` is a parameter, known only when the function is called")]),
    # `tool(name, callback)` is any API's shape: passed over on a parameter
    ('server.tool("two", async () => ({ content: [] }));', []),
])
def test_tools_registered_on_a_parameter_by_the_sdks_shapes_are_said(
        tmp_path: Path, call: str, tools: list[tuple[str, str | None]],
        capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path)
    (root / "register.js").write_text(f"export function registerTools(server) {{\n  {call}\n}}\n")
    status = main(["schema", str(root / "register.js")])
    found = json.loads(capsys.readouterr().out)["tools"]
    assert status == (0 if tools else 2)
    assert [(t["name"], t.get("unknown")) for t in found] == tools


def test_a_helper_whose_handler_alone_reads_its_parameters_is_its_own_modules_tool(
        tmp_path: Path) -> None:
    """A helper of another module is read at a call only when what it registers reads the
    call's arguments (ToolFinder._helper_registrations); one whose handler alone does
    (`async () => client.go()`) registers the same tool at every call, which its own module
    derives: listed once, not once more per call."""
    root = project(tmp_path)
    (root / "a.ts").write_text(
        'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
        "export function addX(server: McpServer, client: { go(): void }) {\n"
        '  server.registerTool("x", { description: "d" }, async () => { client.go(); '
        "return { content: [] }; });\n}\n")
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            'import { addX } from "./a.js";\n'
            'const server = new McpServer({ name: "s", version: "1" });\n'
            "addX(server, { go() {} });\n")
    (root / "b.ts").write_text(text)
    assert analyze(text, root / "b.ts").tools == []
    assert [t.name for t in analyze((root / "a.ts").read_text(), root / "a.ts").tools] == ["x"]
