const test = require("node:test");
const assert = require("node:assert/strict");
const { resolveInterpreter, expandPath, cannotRunMessage, fallbackMessage } = require("../out/pure.js");

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

test("the messages say which interpreter, why, and what to do", () => {
  const interpreter = { command: "/ws/.venv/bin/python", source: "python extension" };
  assert.equal(cannotRunMessage(interpreter, "the bundled portlint runs on CPython 3.11, 3.12; " +
    "/ws/.venv/bin/python is cpython 3.10\n"), "The bundled portlint cannot run with the Python " +
    "extension's interpreter, /ws/.venv/bin/python (the bundled portlint runs on CPython 3.11, " +
    "3.12; /ws/.venv/bin/python is cpython 3.10). It needs CPython 3.11 or later: point " +
    "portlint.interpreter at one, or set portlint.importStrategy to fromEnvironment and install " +
    "portlint there.");
  assert.equal(fallbackMessage({ command: "python3", source: "PATH" },
    "Traceback (most recent call last):\nModuleNotFoundError: No module named 'portlint'\n"),
    "portlint is not installed for python3 on PATH, python3 (ModuleNotFoundError: No module " +
    "named 'portlint'): using the portlint bundled with the extension.");
});
