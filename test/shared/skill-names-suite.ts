/**
 * Attack review, part D (21): skills named, or imported by paths, like Object.prototype's members
 * ("constructor", "__proto__", "x/toString"). Each is a SkillNotAvailable error or a normal import
 * of a skill that really has that name; never a prototype member, a host exception or a lost thread.
 */
import { expect, it } from "vitest";
import { memoryStore, type SkillsBackend } from "../../src/index.js";
import { settleAsQuickbox } from "./attack-helpers.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

const SPECIFIERS = ["@/skills/constructor", "@/skills/__proto__", "@/skills/x/constructor", "@/skills/x/toString", "@/skills/x/__proto__", "@/skills/x/hasOwnProperty", "@/skills/toString", "@/skills/valueOf"];

/** A careless backend: a plain object looked up by name (files("constructor") is Object itself). */
function carelessBackend(): SkillsBackend {
  const skills: Record<string, Record<string, string>> = { x: { "index.js": "export const v = 'x';\n" } };
  return { list: () => Object.keys(skills), files: (name) => skills[name] };
}

/** A backend that really has skills by those names (a map without a prototype). */
function literalBackend(): SkillsBackend {
  const skills = Object.create(null) as Record<string, Record<string, string>>;
  for (const name of ["constructor", "__proto__", "toString", "valueOf"]) {
    Object.defineProperty(skills, name, { value: { "index.js": `export const v = ${JSON.stringify(name)};\n` }, enumerable: true });
  }
  const x = Object.create(null) as Record<string, string>;
  x["index.js"] = "export const v = 'x';\n";
  for (const file of ["constructor.js", "toString.js", "__proto__.js", "hasOwnProperty.js"]) {
    Object.defineProperty(x, file, { value: `export const v = ${JSON.stringify(`x/${file}`)};\n`, enumerable: true });
  }
  skills.x = x;
  return { list: () => Object.keys(skills), files: (name) => (Object.hasOwn(skills, name) ? { ...skills[name] } : undefined) };
}

export function defineSkillNamesSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  it.each([
    ["a careless backend (plain object lookup)", carelessBackend, false],
    ["a backend that has skills by those names", literalBackend, true],
  ])("21. %s: imports named like prototype members are SkillNotAvailable or a normal import; the thread keeps its state", async (_name, backend, real) => {
    const store = memoryStore();
    const qb = await make({ skills: backend(), store });
    expect((await qb.eval("let kept = 41; const proof = { n: 1 }", { threadId: "skills" })).status).toBe("ok");
    for (const specifier of SPECIFIERS) {
      for (const form of ["static", "dynamic"]) {
        const code = form === "static" ? `import { v } from ${JSON.stringify(specifier)};\nkept++; v` : `kept++; (await import(${JSON.stringify(specifier)})).v`;
        const attempt = await settleAsQuickbox(qb.eval(code, { threadId: "skills" }));
        expect(attempt.error, `${specifier} (${form})`).toBeUndefined();
        const result = attempt.value!;
        if (real) {
          // The skill (or file) by that name, and nothing else.
          const [skill, file] = specifier.slice("@/skills/".length).split("/");
          expect(result.value, `${specifier} (${form}): ${result.text}`).toBe(file ? `x/${file}.js` : skill);
        } else if (result.status === "ok") {
          expect.fail(`${specifier} (${form}) imported ${result.text} from a backend that has no such skill`);
        } else {
          expect(result.error?.type, `${specifier} (${form}): ${result.text}`).toBe("SkillNotAvailable");
        }
        const state = await qb.eval("[typeof kept, proof.n, Object.prototype.hasOwnProperty.call({}, 'v'), typeof Object.prototype.constructor]", { threadId: "skills" });
        expect(state.value, `after ${specifier} (${form})`).toEqual(["number", 1, false, "function"]);
      }
    }
    // The stored thread restores with its skills and its state.
    const fresh = await make({ skills: backend(), store });
    const restored = await fresh.eval("[typeof kept, proof.n]", { threadId: "skills" });
    expect(restored.value, restored.text).toEqual(["number", 1]);
    const x = await fresh.eval("(await import('@/skills/x')).v", { threadId: "skills" });
    expect(x.value, x.text).toBe("x");
  });
}
