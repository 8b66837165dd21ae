/**
 * Corner cases of the host's skill compilation (host/skill-check.ts, engine/ts-namespaces.ts); the
 * behaviour every runtime shares is in test/shared/skills-suite.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, type Interpreter } from "../../src/index.js";
import { prepareSkill } from "../../src/host/skill-check.js";

const SKILLS: Record<string, Record<string, string>> = {
  lookalikes: {
    "index.ts": [
      "// namespace Commented { export const no = 1 }",
      "const text: string = 'namespace InString { export const no = 1 }';",
      "const module = { exports: 1 };",
      "export const values = [text.length, module.exports];",
    ].join("\n"),
  },
  asi: {
    "index.ts": ["export function F(): number { return 1 }", "F()", "namespace F { export const extra = 'x' }", "export const after = F.extra;"].join("\n"),
  },
  lines: {
    "index.ts": ["export namespace", "  Multi", "  .Line", "{", "  export const stack = new Error('x').stack;", "}"].join("\n"),
  },
  deep: {
    "index.ts": `${"namespace N { ".repeat(9)}export const x = 1${" }".repeat(9)}\nexport const ok = 1;`,
  },
  "namespace-default": { "index.ts": "export namespace N { export default 1 }" },
  "tsx-namespace": { "index.tsx": "export namespace View { export const el = <i>{'x'}</i> }" },
};

let qb: Interpreter;
beforeAll(async () => {
  qb = await createInterpreter({ isolation: "inline", skills: { list: () => Object.keys(SKILLS), files: (name) => SKILLS[name] } });
});
afterAll(async () => {
  await qb.dispose();
});

describe("skill compilation", () => {
  it("leaves the word namespace in comments, strings and identifiers alone", async () => {
    expect((await qb.eval("import { values } from '@/skills/lookalikes'; values")).value).toEqual([42, 1]);
  });

  it("a namespace merging with a function after a line without a semicolon", async () => {
    expect((await qb.eval("import { after, F } from '@/skills/asi'; [after, F(), F.extra]")).value).toEqual(["x", 1, "x"]);
  });

  it("keeps line numbers when a namespace header spans lines", async () => {
    expect((await qb.eval("import { Multi } from '@/skills/lines'; Multi.Line.stack")).value).toMatch(/index\.ts:5:/);
  });

  it("refuses namespaces nested too deep, an export a namespace cannot hold, and compiles JSX inside one", async () => {
    expect((await qb.eval("import { ok } from '@/skills/deep'; ok")).error?.message).toBe('skill "deep": index.ts does not compile: namespaces are nested more than 8 deep');
    expect((await qb.eval("import '@/skills/namespace-default'")).error?.message).toMatch(/^skill "namespace-default": index\.ts does not compile: only declarations can be exported from a namespace/);
    expect((await qb.eval("import { View } from '@/skills/tsx-namespace'; View.el")).value).toEqual({ type: "i", props: { children: "x" } });
  });

  it("sends the engine JavaScript module files only, keyed by their paths inside the skill", async () => {
    const prepared = await prepareSkill("s", { "./index.ts": "export const a: number = 1;", "SKILL.md": "# s", "lib/b.js": "export const b = 2;" });
    expect(Object.keys(prepared).sort()).toEqual(["index.ts", "lib/b.js"]);
    expect(prepared["index.ts"]).toBe("export const a = 1;");
    await expect(prepareSkill("s", { "index.ts": "", "./index.ts": "" })).rejects.toThrow('skill "s": file "./index.ts" is listed twice');
    await expect(prepareSkill("s", { "index.ts": "", "lib//x.ts": "" })).rejects.toThrow('skill "s": file "lib//x.ts" is not a path inside the skill');
    await expect(prepareSkill("s", { "index.ts": "", "C:/x.ts": "" })).rejects.toThrow("is not a path inside the skill");
  });
});
