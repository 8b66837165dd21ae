/**
 * Imports inside the sandbox. The only modules are interpreter skills (`@/skills/<name>`), whose
 * files the host checked and compiled to JavaScript before the eval (host/skill-check.ts; QuickJS's
 * loader is synchronous here). Inside a skill, relative imports resolve to its own files by the
 * rules below, which the host's check uses too; a skill cannot import another skill; anything else
 * is refused. A refusal is a module that throws, so the program's `import()` rejects with it.
 */
import type { SkillFiles } from "../engine-contract.js";

export const SKILL_PREFIX = "@/skills/";
const REFUSED_PREFIX = "quickbox:refused:";

/** Files a skill can import (and only these reach the engine). */
export const MODULE_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".mts"] as const;
/** Entry candidates, in order; without one, a skill whose only module is one file has that as its entry. */
export const ENTRY_NAMES = MODULE_EXTENSIONS.map((extension) => `index${extension}`);
/** TypeScript's convention: `./util.js` names the file `util.ts` compiles to. */
const COMPILED_FROM: Record<string, string[]> = { ".js": [".ts", ".tsx"], ".jsx": [".tsx"], ".mjs": [".mts"] };

export function isModulePath(path: string): boolean {
  return MODULE_EXTENSIONS.some((extension) => path.endsWith(extension));
}

export function skillNameOf(specifier: string): string | null {
  if (!specifier.startsWith(SKILL_PREFIX)) return null;
  const name = specifier.slice(SKILL_PREFIX.length).split("/")[0]!;
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : null;
}

/** Whether an import specifier is relative to the importing file. */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../");
}

function refused(message: string): string {
  return REFUSED_PREFIX + encodeURIComponent(message);
}

/** `relative` joined to `baseDir` (both inside a skill); null when it leaves the skill. A trailing "/" stays. */
export function joinPath(baseDir: string, relative: string): string | null {
  const parts = baseDir ? baseDir.split("/") : [];
  const segments = relative.split("/");
  for (const part of segments) {
    if (part === "." || part === "") continue;
    if (part === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  const directory = relative.endsWith("/") || segments.at(-1) === "." || segments.at(-1) === "..";
  return parts.join("/") + (directory && parts.length ? "/" : "");
}

export function directoryOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

/** A skill's entry file, or null when it has none (no index.* and not exactly one module). */
export function skillEntry(files: SkillFiles): string | null {
  const entry = ENTRY_NAMES.find((candidate) => Object.hasOwn(files, candidate));
  if (entry) return entry;
  const modules = Object.keys(files).filter(isModulePath);
  return modules.length === 1 ? modules[0]! : null;
}

/** The file names `path` (inside a skill, "" = the entry) may stand for, in the order tried. */
export function candidatePaths(path: string): string[] {
  if (path === "") return [];
  if (path.endsWith("/")) return ENTRY_NAMES.map((name) => path + name);
  const candidates = [path];
  const extension = /\.[^./]+$/.exec(path)?.[0] ?? "";
  for (const replacement of COMPILED_FROM[extension] ?? []) candidates.push(path.slice(0, -extension.length) + replacement);
  if (!isModulePath(path)) {
    for (const extension of MODULE_EXTENSIONS) candidates.push(path + extension);
    for (const name of ENTRY_NAMES) candidates.push(`${path}/${name}`);
  }
  return candidates.filter(isModulePath);
}

/** The module file `path` names in a skill's files (own keys only: "constructor" finds nothing). */
export function resolveSkillFile(files: SkillFiles, path: string): string | null {
  if (path === "") return skillEntry(files);
  return candidatePaths(path).find((candidate) => Object.hasOwn(files, candidate)) ?? null;
}

/**
 * The skill module `path` names: its file when it has one, so that every specifier of one file
 * (`./util`, `./util.js`, `./util.ts`) is one module instance; the path as it is otherwise (its
 * load then fails with a clear message).
 */
function skillModuleName(skill: string, path: string, skills: ReadonlyMap<string, SkillFiles>): string {
  const files = skills.get(skill);
  const file = files ? resolveSkillFile(files, path) : null;
  return `${SKILL_PREFIX}${skill}/${file ?? path}`;
}

/** Module name for `requested` imported from `base` ("" or the cell's file name at top level). */
export function normalizeModuleName(base: string, requested: string, skills: ReadonlyMap<string, SkillFiles>): string {
  const baseSkill = skillNameOf(base);
  if (isRelativeSpecifier(requested)) {
    if (!baseSkill) return refused(`relative import "${requested}" outside a skill; import skills as "@/skills/<name>"`);
    const baseFile = base.slice(SKILL_PREFIX.length + baseSkill.length + 1);
    const path = joinPath(directoryOf(baseFile), requested);
    if (path === null) return refused(`import "${requested}" leaves skill "${baseSkill}"`);
    return skillModuleName(baseSkill, path, skills);
  }
  const skill = skillNameOf(requested);
  if (skill) {
    if (baseSkill) return refused(`skill "${baseSkill}" cannot import another skill ("${requested}")`);
    const path = joinPath("", requested.slice(SKILL_PREFIX.length + skill.length + 1));
    if (path === null) return refused(`import "${requested}" leaves skill "${skill}"`);
    return skillModuleName(skill, path, skills);
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

/** Source of a normalized module name, from the thread's preloaded skills (compiled by the host). */
export function loadModuleSource(name: string, skills: ReadonlyMap<string, SkillFiles>): string {
  if (name.startsWith(REFUSED_PREFIX)) return throwingModule("SkillNotAvailable", decodeURIComponent(name.slice(REFUSED_PREFIX.length)));
  const skill = skillNameOf(name);
  const files = skill ? skills.get(skill) : undefined;
  if (!skill || !files) {
    return throwingModule("SkillNotAvailable", `skill "${skill ?? name}" is not available (import skills with a literal "@/skills/<name>" so they load before the code runs)`);
  }
  const path = name.slice(SKILL_PREFIX.length + skill.length + 1);
  const file = resolveSkillFile(files, path);
  const source = file === null ? undefined : files[file];
  if (typeof source !== "string") return throwingModule("SkillNotAvailable", `skill "${skill}" has no file "${path || "index"}"`);
  return source;
}
