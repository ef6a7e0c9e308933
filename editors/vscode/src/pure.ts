// The extension's modules that do not need VS Code, bundled alone for `node --test`.
export * from "./interpreter";
export * from "./server";
export * from "./settings";
