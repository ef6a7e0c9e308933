import "./server.cjs";
