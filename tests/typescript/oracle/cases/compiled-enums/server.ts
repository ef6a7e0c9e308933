import "./server.mjs";
