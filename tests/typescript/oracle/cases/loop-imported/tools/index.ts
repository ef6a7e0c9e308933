import { search } from "./search.js";
import fetchTool from "./fetch.js";

export const tools = [search, fetchTool];
