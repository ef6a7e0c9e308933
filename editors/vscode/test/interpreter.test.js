const test = require("node:test");
const assert = require("node:assert/strict");
const { resolveInterpreter, expandPath, notInstalledMessage } = require("../out/pure.js");

const identity = (path) => path;

test("the setting wins, expanded", async () => {
  let asked = false;
  const chosen = await resolveInterpreter({
    configured: " ${workspaceFolder}/.venv/bin/python ",
    fromPythonExtension: async () => { asked = true; return "/other/python"; },
    expand: (path) => expandPath(path, "/ws", "/home/me"),
  });
  assert.deepEqual(chosen, { command: "/ws/.venv/bin/python", source: "setting" });
  assert.equal(asked, false);
});

test("then the Python extension's interpreter", async () => {
  const chosen = await resolveInterpreter({
    configured: "", fromPythonExtension: async () => "/ws/.venv/bin/python", expand: identity });
  assert.deepEqual(chosen, { command: "/ws/.venv/bin/python", source: "python extension" });
});

test("then python3 on PATH, also when the Python extension fails", async () => {
  for (const fromPythonExtension of [async () => undefined, async () => "",
    async () => { throw new Error("not ready"); }]) {
    const chosen = await resolveInterpreter({ configured: "", fromPythonExtension, expand: identity });
    assert.deepEqual(chosen, { command: "python3", source: "PATH" });
  }
});

test("home expansion", () => {
  assert.equal(expandPath("~/venv/bin/python", undefined, "/home/me"), "/home/me/venv/bin/python");
  assert.equal(expandPath("/abs/python", "/ws", "/home/me"), "/abs/python");
});

test("the not-installed message says where and how to install", () => {
  const message = notInstalledMessage({ command: "/ws/.venv/bin/python", source: "python extension" },
    "Traceback (most recent call last):\nModuleNotFoundError: No module named 'portlint'\n");
  assert.equal(message, "portlint is not installed for the Python extension's interpreter, " +
    "/ws/.venv/bin/python (ModuleNotFoundError: No module named 'portlint'). Install it with " +
    "`/ws/.venv/bin/python -m pip install portlint`, or point portlint.interpreter at a Python " +
    "that has it.");
});
