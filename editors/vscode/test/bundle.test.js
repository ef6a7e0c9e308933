// The bundle loads with a stand-in `vscode` module and exposes the entry points VS Code calls.
const test = require("node:test");
const assert = require("node:assert/strict");
const Module = require("node:module");
const path = require("node:path");

function stub() {
  const target = function () { return stub(); };
  return new Proxy(target, {
    get: (_t, key) => (key === "then" ? undefined : stub()),
    apply: () => stub(),
    construct: () => stub(),
  });
}

test("dist/extension.js exports activate and deactivate", () => {
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === "vscode" ? stub() : load.call(this, request, ...rest);
  };
  try {
    const extension = require(path.join(__dirname, "..", "dist", "extension.js"));
    assert.equal(typeof extension.activate, "function");
    assert.equal(typeof extension.deactivate, "function");
  } finally {
    Module._load = load;
  }
});

test("package.json: activation, commands and settings", () => {
  const manifest = require("../package.json");
  assert.deepEqual(manifest.activationEvents.sort(),
    ["onLanguage:javascript", "onLanguage:json", "onLanguage:jsonc", "onLanguage:python",
      "onLanguage:typescript", "onLanguage:typescriptreact", "onLanguage:yaml"]);
  assert.deepEqual(manifest.contributes.commands.map((c) => c.command).sort(),
    ["portlint.fixAll", "portlint.restart", "portlint.revealPath", "portlint.showLogs"]);
  for (const key of ["importStrategy", "interpreter", "serverArgs", "trace.server", "targets", "select", "ignore",
    "severity", "include"]) {
    assert.ok(`portlint.${key}` in manifest.contributes.configuration.properties, key);
  }
  assert.equal(manifest.main, "./dist/extension.js");
  const strategy = manifest.contributes.configuration.properties["portlint.importStrategy"];
  assert.deepEqual([strategy.enum, strategy.default],
    [["useBundled", "fromEnvironment"], "useBundled"]);
});
