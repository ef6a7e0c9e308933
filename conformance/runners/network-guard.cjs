// Preloaded into every Node process the harness starts (NODE_OPTIONS=--require): a connection to
// anything but the loopback interface throws instead of leaving the machine. The fake servers and
// fake model APIs all listen on 127.0.0.1.
"use strict";
const net = require("node:net");
const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost", "::ffff:127.0.0.1"]);

function target(args) {
  const first = args[0];
  if (Array.isArray(first)) return target(first);
  if (first && typeof first === "object") return first.path ? null : (first.host ?? "localhost");
  if (typeof first === "number") return typeof args[1] === "string" ? args[1] : "localhost";
  return null; // a Unix socket path
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const host = target(args);
  if (host !== null && !LOOPBACK.has(host)) {
    throw new Error(`portlint conformance network guard: refused a connection to ${host}`);
  }
  return connect.apply(this, args);
};
