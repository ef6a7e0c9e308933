const test = require("node:test");
const assert = require("node:assert/strict");
const { serverSettings, serverArgs, CLIENT_KEYS } = require("../out/pure.js");

function reader(values) {
  return { get: (key) => values[key] };
}

test("forwards the lint settings in the server's keys", () => {
  const settings = serverSettings(reader({
    targets: ["gemini", " mcp@2026-07-28 "],
    select: [],
    ignore: ["untyped-schema"],
    include: ["schemas/**/*.json"],
    severity: { "type-union": "error" },
    interpreter: "/usr/bin/python3",
    serverArgs: ["--log-file", "/tmp/p.log"],
    trace: { server: "verbose" },
  }));
  assert.deepEqual(settings, {
    targets: ["gemini", "mcp@2026-07-28"],
    ignore: ["untyped-schema"],
    include: ["schemas/**/*.json"],
    severity: { "type-union": "error" },
  });
  for (const key of CLIENT_KEYS) {
    assert.equal(key in settings, false, key);
  }
});

test("leaves out what the user left empty, so the project's configuration applies", () => {
  assert.deepEqual(serverSettings(reader({ targets: [], select: [""], severity: {} })), {});
  assert.deepEqual(serverSettings(reader({})), {});
});

test("drops values of the wrong shape instead of sending them", () => {
  assert.deepEqual(serverSettings(reader({ targets: "gemini", severity: ["error"],
    ignore: [3, "remote-ref"] })), { ignore: ["remote-ref"] });
});

test("server arguments are a list of strings", () => {
  assert.deepEqual(serverArgs(reader({ serverArgs: ["--log-file", 7, "/tmp/x"] })),
    ["--log-file", "/tmp/x"]);
  assert.deepEqual(serverArgs(reader({})), []);
});
