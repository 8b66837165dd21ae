/**
 * Interpreter skills on the host: find the skills a cell imports, fetch their files from the
 * backend once per interpreter, and check and compile them (host/skill-check.ts) before any code
 * runs, so that a missing or broken skill fails the eval with SkillNotAvailable instead of halfway
 * through it.
 */
import { QuickboxError } from "../errors.js";
import type { SkillFiles } from "../engine-contract.js";
import type { SkillsBackend } from "../types.js";

export const MAX_SKILL_BYTES = 2 ** 20;
const REFERENCE = /@\/skills\/([A-Za-z0-9_-]+)/g;

export type SkillLoad = { ok: true; skills: Record<string, SkillFiles> } | { ok: false; message: string };

async function checkFiles(name: string, files: unknown): Promise<SkillFiles> {
  if (typeof files !== "object" || files === null || Array.isArray(files)) throw new Error(`skill "${name}": files() must return { path: source }`);
  let bytes = 0;
  for (const [path, source] of Object.entries(files)) {
    if (typeof source !== "string") throw new Error(`skill "${name}": ${path} is not a string`);
    bytes += new TextEncoder().encode(source).length;
    if (bytes > MAX_SKILL_BYTES) throw new Error(`skill "${name}" is larger than ${MAX_SKILL_BYTES} bytes`);
  }
  if (!Object.keys(files).length) throw new Error(`skill "${name}" has no files`);
  // The compiler (sucrase, acorn) loads only when a cell imports a skill: not in an app's main bundle.
  const { prepareSkill } = await import("./skill-check.js");
  return prepareSkill(name, files as Record<string, string>);
}

export class SkillLibrary {
  readonly #cache = new Map<string, Promise<SkillFiles>>();

  constructor(private readonly backend: SkillsBackend) {
    if (typeof backend !== "object" || backend === null || typeof backend.list !== "function" || typeof backend.files !== "function") {
      throw new QuickboxError("INVALID_OPTIONS", "skills must be { list(): Promise<string[]>, files(name): Promise<Record<string, string> | undefined> }");
    }
  }

  /** Skill names a cell refers to literally. */
  static referenced(code: string): string[] {
    return [...new Set([...code.matchAll(REFERENCE)].map((match) => match[1]!))];
  }

  async #fetch(name: string): Promise<SkillFiles> {
    const files = await this.backend.files(name);
    if (files === undefined) {
      let available = "";
      try {
        available = (await this.backend.list()).join(", ");
      } catch {
        // The list is only a hint in the message.
      }
      throw new Error(`no skill named "${name}"${available ? ` (available: ${available})` : ""}`);
    }
    return checkFiles(name, files);
  }

  async load(names: string[]): Promise<SkillLoad> {
    // No prototype: a skill named "__proto__" or "constructor" is a plain key here.
    const skills = Object.create(null) as Record<string, SkillFiles>;
    for (const name of names) {
      let files = this.#cache.get(name);
      if (!files) {
        files = this.#fetch(name);
        this.#cache.set(name, files);
        files.catch(() => this.#cache.delete(name));
      }
      try {
        skills[name] = await files;
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    }
    return { ok: true, skills };
  }
}
