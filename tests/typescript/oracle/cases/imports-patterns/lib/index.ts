export * from "./base.js";
export { default as Thing } from "./thing.js";
export { default } from "./base.js";
export * as ns from "./base.js";
export { renamed as again } from "./base.js";
