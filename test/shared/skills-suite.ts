/** Interpreter skills: `import … from "@/skills/<name>"` backed by the host's skills option. */
import { afterEach, expect, it } from "vitest";
import type { Interpreter, SkillsBackend } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

const SKILLS: Record<string, Record<string, string>> = {
  stats: {
    "index.ts": "import { sum } from './lib/sum';\nexport function mean(xs: number[]): number { return sum(xs) / xs.length }\nexport default { name: 'stats' };\nglobalThis.statsLoads = (globalThis.statsLoads ?? 0) + 1;\n",
    "lib/sum.ts": "export const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);\n",
  },
  greet: { "index.js": "export const hello = (name) => `hello ${name}`;\n" },
  broken: { "index.js": "export const = ;\n" },
  sneaky: { "index.js": "export { mean } from '@/skills/stats';\n" },
  huge: { "index.js": `export const blob = "${"x".repeat(2 ** 20)}";\n` },
};

export function defineSkillsSuite(create: InterpreterFactory): void {
  const open: Interpreter[] = [];
  let fetched: string[] = [];
  const backend: SkillsBackend = {
    list: async () => Object.keys(SKILLS),
    files: async (name) => {
      fetched.push(name);
      return SKILLS[name];
    },
  };
  const make = async () => {
    fetched = [];
    const qb = await create({ skills: backend });
    open.push(qb);
    return qb;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((qb) => qb.dispose()));
  });

  it("imports a TypeScript skill with relative imports: default, named and namespace", async () => {
    const qb = await make();
    const result = await qb.eval(
      "import stats, { mean } from '@/skills/stats';\nimport * as greeting from '@/skills/greet';\n[stats.name, mean([1, 2, 3, 6]), greeting.hello('ada')]",
    );
    expect(result.value).toEqual(["stats", 3, "hello ada"]);
    const dynamic = await qb.eval("const { mean: m } = await import('@/skills/stats'); m([10, 20])");
    expect(dynamic.value).toBe(15);
  });

  it("loads a skill once per thread and fetches it once per interpreter", async () => {
    const qb = await make();
    await qb.eval("import { mean } from '@/skills/stats'; mean([1])", { threadId: "a" });
    await qb.eval("import { mean } from '@/skills/stats'; mean([2])", { threadId: "a" });
    await qb.eval("import { mean } from '@/skills/stats'; mean([3])", { threadId: "b" });
    expect((await qb.eval("statsLoads", { threadId: "a" })).value).toBe(1);
    expect((await qb.eval("statsLoads", { threadId: "b" })).value).toBe(1);
    expect(fetched).toEqual(["stats"]);
  });

  it("a missing or broken skill fails with SkillNotAvailable before any code runs", async () => {
    const qb = await make();
    const missing = await qb.eval("console.log('ran'); import x from '@/skills/nope'");
    expect(missing.error?.type).toBe("SkillNotAvailable");
    expect(missing.error?.message).toMatch(/no skill named "nope" \(available: stats, greet/);
    expect(missing.stdout).toBe("");
    const broken = await qb.eval("console.log('ran'); import x from '@/skills/broken'");
    expect(broken.error?.type).toBe("SkillNotAvailable");
    expect(broken.stdout).toBe("");
    const huge = await qb.eval("import { blob } from '@/skills/huge'");
    expect(huge.error?.message).toMatch(/larger than 1048576 bytes/);
  });

  it("refuses skill-to-skill imports and any other module", async () => {
    const qb = await make();
    const sneaky = await qb.eval("await import('@/skills/sneaky')");
    expect(sneaky.error?.type).toBe("SkillNotAvailable");
    expect(sneaky.error?.message).toMatch(/cannot import another skill/);
    const fs = await qb.eval("try { await import('fs') } catch (e) { [e.name, e.message] }");
    expect(fs.value).toEqual(["SkillNotAvailable", expect.stringMatching(/^cannot import "fs": there are no modules here .* only skills as "@\/skills\/<name>"/)]);
    // The model reads the message once, not again as an encoded module name in a stack frame.
    const text = (await qb.eval("await import('fs')")).text;
    expect(text).not.toMatch(/quickbox:refused|%20/);
    const computed = await qb.eval("const n = 'gr' + 'eet'; try { await import('@/skills/' + n) } catch (e) { e.name }");
    expect(computed.value).toBe("SkillNotAvailable");
  });
}
