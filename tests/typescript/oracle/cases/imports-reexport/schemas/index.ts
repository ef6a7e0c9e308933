export * from "./address.js";
export { Contact } from "./contact.js";
