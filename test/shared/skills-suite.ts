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
  geometry: {
    "index.ts": [
      "export namespace Geometry {",
      "  export const pi: number = 3;",
      "  export function area(r: number): number { return pi * r * r }",
      "  export let calls = 0;",
      "  export function count(): number { return ++calls }",
      "  export enum Unit { Cm, M }",
      "  export namespace Solids { export const faces = (n: number) => n + 2 }",
      "  interface Hidden { x: number }",
      "  export type Kind = 'round';",
      "}",
      "export namespace Deep.Er { export const level = 2 }",
      "export function tagged(): string { return 'fn' }",
      "export namespace tagged { export const extra = 'merged' }",
      "declare namespace Ambient { const nothing: number }",
      "export const where = new Error('here').stack;",
    ].join("\n"),
  },
  ui: {
    "index.tsx": [
      "import { Badge } from './badge';",
      "export const card = (title: string) => <div className=\"card\"><h1>{title}</h1>{[1, 2].map((n) => <p key={n}>{n}</p>)}</div>;",
      "export const pair = () => <><b />text</>;",
      "export const badge = <Badge label=\"new\" />;",
      "export { Badge };",
    ].join("\n"),
    "badge.tsx": "export function Badge(props: { label: string }) { return <span>{props.label}</span> }\n",
  },
  paths: {
    "index.ts": [
      "import { token, twice } from './util.js';",
      "import * as again from './util';",
      "import { inner } from './helpers';",
      "import { shout } from './view.jsx';",
      "import plain from './plain.js';",
      "export const results = [twice(2), again.token === token, inner(), shout('a'), plain];",
      "export const later = async () => (await import('./lazy.js')).lazy;",
    ].join("\n"),
    "util.ts": "export const token = {}; export const twice = (n: number) => n * 2;\n",
    "helpers/index.ts": "import { value } from './inner.js';\nexport const inner = () => value;\n",
    "helpers/inner.ts": "export const value = 'inner';\n",
    "view.tsx": "export const shout = (text: string): string => text.toUpperCase();\n",
    "plain.js": "export default 'plain';\n",
    "lazy.ts": "export const lazy: string = 'lazy';\n",
    "SKILL.md": "# paths\nNot JavaScript: never evaluated.\n",
  },
  documented: { "SKILL.md": "# documented\nUse `run()`.\n", "run.ts": "export const run = (): string => 'ran';\n" },
  "missing-file": { "index.ts": "console.log('skill ran');\nexport { helper } from './helper.js';\n" },
  "missing-export": { "index.ts": "import { nope } from './util';\nexport const x = nope;\n", "util.ts": "export const yes = 1;\n" },
  "missing-lazy": { "index.ts": "export const load = () => import('./lazy.js');\n" },
  escaping: { "index.ts": "export { x } from '../other/x.ts';\n" },
  "bare-module": { "index.js": "import fs from 'node:fs';\nexport default fs;\n" },
  "only-markdown": { "SKILL.md": "# only docs\n```js\nexport const notCode = 1\n```\n" },
  "no-entry": { "a.ts": "export const a = 1;\n", "b.ts": "export const b = 2;\n" },
  "bad-key": { "index.ts": "export const ok = 1;\n", "../other/x.ts": "export const x = 1;\n" },
  "absolute-key": { "index.ts": "export const ok = 1;\n", "/etc/x.ts": "export const x = 1;\n" },
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

  it("a TypeScript namespace in a skill works: members, let as a live binding, enums, nesting, merging", async () => {
    const qb = await make();
    const result = await qb.eval(
      [
        "import { Geometry, Deep, tagged } from '@/skills/geometry';",
        "[Geometry.pi, Geometry.area(2), Geometry.count(), Geometry.count(), Geometry.calls, Geometry.Unit.M, Geometry.Unit[0],",
        " Geometry.Solids.faces(4), Deep.Er.level, tagged(), tagged.extra, 'Hidden' in Geometry, 'Kind' in Geometry]",
      ].join("\n"),
    );
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual([3, 12, 1, 2, 2, 1, "Cm", 6, 2, "fn", "merged", false, false]);
    // Line numbers stay those of the file (the stack points at line 15).
    expect((await qb.eval("import { where } from '@/skills/geometry'; where")).value).toMatch(/index\.ts:15/);
  });

  it("a .tsx skill compiles JSX to plain element objects (no React needed)", async () => {
    const qb = await make();
    const result = await qb.eval("import { card, pair, badge, Badge } from '@/skills/ui'; [card('hi'), pair(), badge.type === Badge, badge.props, Badge(badge.props)]");
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual([
      {
        type: "div",
        props: {
          className: "card",
          children: [
            { type: "h1", props: { children: "hi" } },
            [
              { type: "p", props: { key: 1, children: 1 } },
              { type: "p", props: { key: 2, children: 2 } },
            ],
          ],
        },
      },
      [{ type: "b", props: {} }, "text"],
      true,
      { label: "new" },
      { type: "span", props: { children: "new" } },
    ]);
  });

  it("resolves imports the TypeScript way: ./util.js finds util.ts, ./dir finds dir/index.ts, one module per file", async () => {
    const qb = await make();
    const result = await qb.eval("import { results, later } from '@/skills/paths'; [...results, await later()]");
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual([4, true, "inner", "A", "plain", "lazy"]);
    // A skill whose only module sits next to SKILL.md has it as its entry; SKILL.md is never run.
    expect((await qb.eval("import { run } from '@/skills/documented'; run()")).value).toBe("ran");
  });

  it.each([
    ["missing-file", /^skill "missing-file": index\.ts imports "\.\/helper\.js", which is not a module file of the skill \(tried helper\.js, helper\.ts, helper\.tsx\)$/],
    ["missing-export", /^skill "missing-export": index\.ts imports "nope" from "\.\/util", which util\.ts does not export$/],
    ["missing-lazy", /^skill "missing-lazy": index\.ts imports "\.\/lazy\.js", which is not a module file of the skill/],
    ["escaping", /^skill "escaping": index\.ts imports "\.\.\/other\/x\.ts", which is outside the skill$/],
    ["bare-module", /^skill "bare-module": index\.js imports "node:fs": a skill can import only its own files/],
    ["only-markdown", /^skill "only-markdown": has no module to import \(no \.ts, .*\); its files: SKILL\.md$/],
    ["no-entry", /^skill "no-entry": has no entry module: name one of 2 modules index\.ts\//],
    ["bad-key", /^skill "bad-key": file "\.\.\/other\/x\.ts" is not a path inside the skill/],
    ["absolute-key", /^skill "absolute-key": file "\/etc\/x\.ts" is not a path inside the skill/],
  ])("skill %s is SkillNotAvailable, naming the skill and the file, before anything of the cell runs", async (name, message) => {
    const qb = await make();
    const result = await qb.eval(`console.log('cell ran'); globalThis.ran = true; import * as skill from '@/skills/${name}'; skill`);
    expect(result.error?.type).toBe("SkillNotAvailable");
    expect(result.error?.message).toMatch(message);
    expect(result.stdout).toBe("");
    expect((await qb.eval("typeof ran")).value).toBe("undefined");
    // A dynamic import of it fails the same way, before the cell runs.
    const dynamic = await qb.eval(`console.log('cell ran'); await import('@/skills/${name}')`);
    expect(dynamic.error?.type).toBe("SkillNotAvailable");
    expect(dynamic.stdout).toBe("");
  });
}
