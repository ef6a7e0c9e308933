"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Level = exports.Platform = void 0;
// tsc's CommonJS output of two exported enums
var Platform;
(function (Platform) {
    Platform["Desktop"] = "desktop";
    Platform["Mobile"] = "mobile";
})(Platform || (exports.Platform = Platform = {}));
var Level;
(function (Level) {
    Level[Level["Low"] = 0] = "Low";
    Level[Level["High"] = 1] = "High";
})(Level || (exports.Level = Level = {}));
