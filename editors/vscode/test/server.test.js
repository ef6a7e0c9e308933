const test = require("node:test");
const assert = require("node:assert/strict");
const { serverCommand, importCheck, DOCUMENT_SELECTOR, statusText } = require("../out/pure.js");

test("starts portlint serve with the interpreter and the extra arguments", () => {
  assert.deepEqual(serverCommand("/venv/bin/python", ["--log-file", "/tmp/p.log"]), {
    command: "/venv/bin/python", args: ["-m", "portlint", "serve", "--log-file", "/tmp/p.log"] });
  assert.deepEqual(importCheck("python3"), { command: "python3", args: ["-c", "import portlint.cli.main"] });
});

test("documents: JSON, JSONC, YAML and Python", () => {
  const languages = new Set(DOCUMENT_SELECTOR.map((s) => s.language));
  assert.deepEqual([...languages].sort(), ["json", "jsonc", "python", "yaml"]);
});

test("status bar text", () => {
  assert.equal(statusText("running", 3), "$(warning) portlint: 3");
  assert.equal(statusText("running", 0), "$(check) portlint");
  assert.equal(statusText("stopped", undefined), "$(circle-slash) portlint");
});
