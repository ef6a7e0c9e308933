import "./lib/server.js";
