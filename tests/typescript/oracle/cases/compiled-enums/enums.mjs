// tsc's output of `export enum Platform { Desktop = "desktop", Mobile = "mobile" }` and of
// `export enum Level { Low, High = 5, Below = -1 }`
export var Platform;
(function (Platform) {
    Platform["Desktop"] = "desktop";
    Platform["Mobile"] = "mobile";
})(Platform || (Platform = {}));
export var Level;
(function (Level) {
    Level[Level["Low"] = 0] = "Low";
    Level[Level["High"] = 5] = "High";
    Level[Level["Below"] = -1] = "Below";
})(Level || (Level = {}));
// esbuild's output of `enum Mode { Fast = "fast", Slow = 2 }`
export var Mode = /* @__PURE__ */ ((Mode2) => {
  Mode2["Fast"] = "fast";
  Mode2[Mode2["Slow"] = 2] = "Slow";
  return Mode2;
})(Mode || {});
