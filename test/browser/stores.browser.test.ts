import { describe } from "vitest";
import { idbStore } from "../../src/idb.js";
import { defineStoreContract } from "../shared/store-contract-suite.js";

let databases = 0;
describe("idbStore (real IndexedDB)", () => {
  defineStoreContract(() => idbStore({ dbName: `quickbox-test-${Date.now()}-${databases++}` }));
});
