/**
 * Imports inside the sandbox. The only modules are interpreter skills (`@/skills/<name>`), whose
 * files the host preloads before the eval (QuickJS's loader is synchronous here). Inside a skill,
 * relative imports resolve to its own files; a skill cannot import another skill; anything else
 * is refused. A refusal is a module that throws, so the program's `import()` rejects with it.
 */
import { transform } from "sucrase";
import type { SkillFiles } from "../engine-contract.js";

export const SKILL_PREFIX = "@/skills/";
const REFUSED_PREFIX = "quickbox:refused:";
const ENTRY_CANDIDATES = ["index.ts", "index.js", "index.mjs", "index.mts"];
const EXTENSIONS = ["", ".ts", ".js", ".mjs", ".mts", "/index.ts", "/index.js"];

export function skillNameOf(specifier: string): string | null {
  if (!specifier.startsWith(SKILL_PREFIX)) return null;
  const name = specifier.slice(SKILL_PREFIX.length).split("/")[0]!;
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : null;
}

function refused(message: string): string {
  return REFUSED_PREFIX + encodeURIComponent(message);
}

function joinPath(baseDir: string, relative: string): string | null {
  const parts = baseDir ? baseDir.split("/") : [];
  for (const part of relative.split("/")) {
    if (part === "." || part === "") continue;
    if (part === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join("/");
}

/** Module name for `requested` imported from `base` ("" or the cell's file name at top level). */
export function normalizeModuleName(base: string, requested: string): string {
  const baseSkill = skillNameOf(base);
  if (requested.startsWith("./") || requested.startsWith("../")) {
    if (!baseSkill) return refused(`relative import "${requested}" outside a skill; import skills as "@/skills/<name>"`);
    const baseFile = base.slice(SKILL_PREFIX.length + baseSkill.length + 1);
    const baseDir = baseFile.includes("/") ? baseFile.slice(0, baseFile.lastIndexOf("/")) : "";
    const path = joinPath(baseDir, requested);
    if (path === null) return refused(`import "${requested}" leaves skill "${baseSkill}"`);
    return `${SKILL_PREFIX}${baseSkill}/${path}`;
  }
  const skill = skillNameOf(requested);
  if (skill) {
    if (baseSkill) return refused(`skill "${baseSkill}" cannot import another skill ("${requested}")`);
    return requested === `${SKILL_PREFIX}${skill}` ? `${SKILL_PREFIX}${skill}/` : requested;
  }
  return refused(`cannot import "${requested}": there are no modules here (no Node built-ins, no packages), only skills as "@/skills/<name>" when the host provides them; host functions are on \`tools\``);
}

/**
 * A module that throws. Its stack is emptied: its only frame would name the module (for a refusal,
 * the whole encoded message again), noise in the text the model reads.
 */
function throwingModule(name: string, message: string): string {
  return `const error = new Error(${JSON.stringify(message)}); error.name = ${JSON.stringify(name)}; error.stack = ""; throw error;\n`;
}

function findFile(files: SkillFiles, path: string): string | null {
  if (path === "" || path.endsWith("/")) {
    const entry = ENTRY_CANDIDATES.find((candidate) => Object.hasOwn(files, candidate)) ?? (Object.keys(files).length === 1 ? Object.keys(files)[0]! : null);
    return entry;
  }
  // Own names only: a path such as "constructor" must not find Object.prototype's members.
  for (const extension of EXTENSIONS) {
    if (Object.hasOwn(files, `${path}${extension}`)) return `${path}${extension}`;
  }
  return null;
}

/** Source of a normalized module name, from the thread's preloaded skills. */
export function loadModuleSource(name: string, skills: ReadonlyMap<string, SkillFiles>): string {
  if (name.startsWith(REFUSED_PREFIX)) return throwingModule("SkillNotAvailable", decodeURIComponent(name.slice(REFUSED_PREFIX.length)));
  const skill = skillNameOf(name);
  const files = skill ? skills.get(skill) : undefined;
  if (!skill || !files) {
    return throwingModule("SkillNotAvailable", `skill "${skill ?? name}" is not available (import skills with a literal "@/skills/<name>" so they load before the code runs)`);
  }
  const path = name.slice(SKILL_PREFIX.length + skill.length + 1);
  const file = findFile(files, path);
  if (!file) return throwingModule("SkillNotAvailable", `skill "${skill}" has no file "${path || "index"}"`);
  const source = files[file];
  if (typeof source !== "string") return throwingModule("SkillNotAvailable", `skill "${skill}" has no file "${path || "index"}"`);
  if (!/\.m?ts$/.test(file)) return source;
  try {
    return transform(source, { transforms: ["typescript"], disableESTransforms: true, keepUnusedImports: true, filePath: file }).code;
  } catch (error) {
    return throwingModule("SkillNotAvailable", `skill "${skill}": ${file} does not compile: ${(error as Error).message}`);
  }
}
