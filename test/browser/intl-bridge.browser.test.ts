import { describe } from "vitest";
import { defineIntlBridgeSuite } from "../shared/intl-bridge-suite.js";

describe("the Intl bridge's host side (Chromium)", () => {
  defineIntlBridgeSuite();
});
