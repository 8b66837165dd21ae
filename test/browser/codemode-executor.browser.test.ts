import { describe } from "vitest";
import { defineCodemodeSuite } from "../shared/codemode-suite.js";

describe("quickbox/codemode (Chromium, inline)", () => defineCodemodeSuite("inline"));
describe("quickbox/codemode (Chromium, worker)", () => defineCodemodeSuite("worker"));
