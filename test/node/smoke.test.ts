import { describe, expect, it } from "vitest";
import { createInterpreter } from "../../src/index.js";

describe("smoke", () => {
  it("evaluates", async () => {
    const qb = await createInterpreter();
    try {
      const r = await qb.eval('console.log("hi", 2); 1 + 1');
      console.log(JSON.stringify(r, null, 2));
      expect(r.text).toBe("<stdout>\nhi 2\n</stdout>\n<result>2</result>");
    } finally {
      await qb.dispose();
    }
  });
});
