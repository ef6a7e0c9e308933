const test = require("node:test");
const assert = require("node:assert/strict");
const { serverCommand, importCheck, importStrategy, launchPlan, DOCUMENT_SELECTOR, statusText } =
  require("../out/pure.js");

test("the bundled portlint runs isolated through its launcher", () => {
  assert.deepEqual(serverCommand("/usr/bin/python3", ["--log-file", "/tmp/p.log"],
    { extensionDir: "/ext" }), { command: "/usr/bin/python3",
    args: ["-I", "/ext/bundled/tool/launch.py", "serve", "--log-file", "/tmp/p.log"] });
  assert.deepEqual(importCheck("python3", { extensionDir: "/ext" }),
    { command: "python3", args: ["-I", "/ext/bundled/tool/launch.py", "check-bundle"] });
});

test("the environment's portlint runs as a module, the workspace off the import path", () => {
  assert.deepEqual(serverCommand("/venv/bin/python", ["--log-file", "/tmp/p.log"]), {
    command: "/venv/bin/python",
    args: ["-P", "-m", "portlint", "serve", "--log-file", "/tmp/p.log"] });
  assert.deepEqual(importCheck("python3"),
    { command: "python3", args: ["-P", "-c", "import portlint.cli.main"] });
});

test("import strategy: bundled by default, the environment's when asked and present", () => {
  assert.equal(importStrategy(undefined), "useBundled");
  assert.equal(importStrategy("nonsense"), "useBundled");
  assert.equal(importStrategy("fromEnvironment"), "fromEnvironment");
  assert.deepEqual(launchPlan("useBundled", true), { kind: "bundled", fallback: false });
  assert.deepEqual(launchPlan("fromEnvironment", true), { kind: "environment" });
  assert.deepEqual(launchPlan("fromEnvironment", false), { kind: "bundled", fallback: true });
});

test("documents: JSON, JSONC, YAML, Python, TypeScript and JavaScript", () => {
  const languages = new Set(DOCUMENT_SELECTOR.map((s) => s.language));
  assert.deepEqual([...languages].sort(),
    ["javascript", "json", "jsonc", "python", "typescript", "typescriptreact", "yaml"]);
});

test("status bar text", () => {
  assert.equal(statusText("running", 3), "$(warning) portlint: 3");
  assert.equal(statusText("running", 0), "$(check) portlint");
  assert.equal(statusText("stopped", undefined), "$(circle-slash) portlint");
});
