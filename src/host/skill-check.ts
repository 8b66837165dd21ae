/**
 * A skill's files, checked and compiled on the host before any of a cell runs: paths inside the
 * skill, an entry module, every module compiled (TypeScript, JSX) and parsed, and its import graph
 * closed: each static import, re-export and literal `import()` names a module file of the same
 * skill, and each imported name is exported there. What reaches the engine is JavaScript, module
 * files only; the engine resolves imports by the same rules (engine/module-loader.ts).
 */
import { parse } from "acorn";
import { transform, type Options } from "sucrase";
import type { SkillFiles } from "../engine-contract.js";
import { candidatePaths, directoryOf, isModulePath, isRelativeSpecifier, joinPath, MODULE_EXTENSIONS, resolveSkillFile, skillEntry, skillNameOf } from "../engine/module-loader.js";
import { compileNamespaces } from "../engine/ts-namespaces.js";

/**
 * JSX compiles to calls of this function, appended to the module (no React in the sandbox): an
 * element is the plain object `{ type, props }` (`type`: the tag name or the component function,
 * not called; `props.children`: one child or an array), and `<>…</>` is the array of its children.
 */
const JSX_FACTORY = "__quickboxJsx";
const JSX_FRAGMENT = "__quickboxJsxFragment";
const JSX_RUNTIME =
  `\nfunction ${JSX_FACTORY}(type, props, ...children) {` +
  ` if (type === ${JSX_FRAGMENT}) return children;` +
  ` const all = Object.assign({}, props);` +
  ` if (children.length) all.children = children.length === 1 ? children[0] : children;` +
  ` return { type, props: all }; }` +
  `\nfunction ${JSX_FRAGMENT}() {}\n`;

interface Module {
  path: string;
  code: string;
  /** Specifier → names imported from it ("*" for a namespace import or a bare side-effect import). */
  imports: { specifier: string; names: string[]; dynamic: boolean }[];
  exports: Set<string>;
  /** `export * from` specifiers. */
  starExports: string[];
}

interface EsNode {
  type: string;
  [key: string]: unknown;
}

/** More module files than this in one skill are refused (each is compiled and its imports checked). */
export const MAX_SKILL_MODULES = 1000;

function fail(name: string, message: string): never {
  throw new Error(`skill "${name}": ${message}`);
}

/** A file key from the backend as a path inside the skill ("./a.ts" → "a.ts"), or null. */
function normalizedKey(key: string): string | null {
  if (key === "" || key.startsWith("/") || key.includes("\\") || key.includes("\0") || /^[A-Za-z]:/.test(key)) return null;
  const path = joinPath("", key);
  return path && !path.endsWith("/") && !key.split("/").includes("..") && !key.split("/").slice(0, -1).includes("") ? path : null;
}

function sucraseOptions(path: string): Options | null {
  if (path.endsWith(".ts") || path.endsWith(".mts")) return { transforms: ["typescript"], disableESTransforms: true, keepUnusedImports: true, filePath: path };
  const jsx = path.endsWith(".tsx") ? ["typescript", "jsx"] : path.endsWith(".jsx") ? ["jsx"] : null;
  if (!jsx) return null;
  return {
    transforms: jsx as Options["transforms"],
    disableESTransforms: true,
    keepUnusedImports: true,
    filePath: path,
    jsxRuntime: "classic",
    jsxPragma: JSX_FACTORY,
    jsxFragmentPragma: JSX_FRAGMENT,
    production: true,
  };
}

async function compile(name: string, path: string, source: string): Promise<string> {
  const options = sucraseOptions(path);
  if (!options) return source;
  try {
    const typescript = options.transforms.includes("typescript") ? await compileNamespaces(source, options) : source;
    const code = transform(typescript, options).code;
    return options.transforms.includes("jsx") ? code + JSX_RUNTIME : code;
  } catch (error) {
    return fail(name, `${path} does not compile: ${(error as Error).message}`);
  }
}

/** The static literal specifier of an import()/export, or null when it is computed. */
function literalSpecifier(node: EsNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  const quasis = node.quasis as { value: { cooked: string | null } }[] | undefined;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0 && quasis?.length === 1) return quasis[0]!.value.cooked;
  return null;
}

function exportedName(node: EsNode): string {
  return (node.type === "Identifier" ? node.name : node.value) as string;
}

function bindingNames(pattern: EsNode, into: Set<string>): void {
  const pending = [pattern];
  while (pending.length) {
    const node = pending.pop()!;
    if (node.type === "Identifier") into.add(node.name as string);
    else if (node.type === "ObjectPattern") for (const property of node.properties as EsNode[]) pending.push((property.type === "RestElement" ? property.argument : property.value) as EsNode);
    else if (node.type === "ArrayPattern") for (const element of node.elements as (EsNode | null)[]) element && pending.push(element);
    else if (node.type === "RestElement") pending.push(node.argument as EsNode);
    else if (node.type === "AssignmentPattern") pending.push(node.left as EsNode);
  }
}

/** Every `import(…)` in a module, found without recursion (an AST can be deep). */
function dynamicImports(program: EsNode): EsNode[] {
  const found: EsNode[] = [];
  const pending: unknown[] = [program];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === "object") pending.push(item);
    } else if (value && typeof value === "object") {
      const node = value as EsNode;
      if (node.type === "ImportExpression") found.push(node);
      for (const key in node) {
        const child = node[key];
        if (child && typeof child === "object" && key !== "loc") pending.push(child);
      }
    }
  }
  return found;
}

function analyze(name: string, path: string, code: string): Module {
  let program: EsNode;
  try {
    program = parse(code, { ecmaVersion: "latest", sourceType: "module" }) as unknown as EsNode;
  } catch (error) {
    return fail(name, `${path} does not parse: ${(error as Error).message}`);
  }
  const module: Module = { path, code, imports: [], exports: new Set(), starExports: [] };
  for (const node of program.body as EsNode[]) {
    const source = literalSpecifier(node.source as EsNode | null);
    if (node.type === "ImportDeclaration") {
      const names = (node.specifiers as EsNode[]).map((specifier) =>
        specifier.type === "ImportDefaultSpecifier" ? "default" : specifier.type === "ImportNamespaceSpecifier" ? "*" : exportedName(specifier.imported as EsNode),
      );
      module.imports.push({ specifier: source!, names, dynamic: false });
    } else if (node.type === "ExportAllDeclaration") {
      module.imports.push({ specifier: source!, names: ["*"], dynamic: false });
      if (node.exported) module.exports.add(exportedName(node.exported as EsNode));
      else module.starExports.push(source!);
    } else if (node.type === "ExportDefaultDeclaration") {
      module.exports.add("default");
    } else if (node.type === "ExportNamedDeclaration") {
      const declaration = node.declaration as EsNode | null;
      if (declaration?.type === "VariableDeclaration") for (const declarator of declaration.declarations as EsNode[]) bindingNames(declarator.id as EsNode, module.exports);
      else if (declaration) module.exports.add((declaration.id as EsNode).name as string);
      const specifiers = node.specifiers as EsNode[];
      for (const specifier of specifiers) module.exports.add(exportedName(specifier.exported as EsNode));
      if (source !== null) module.imports.push({ specifier: source, names: specifiers.map((specifier) => exportedName(specifier.local as EsNode)), dynamic: false });
    }
  }
  if (/\bimport\s*\(/.test(code)) {
    for (const call of dynamicImports(program)) {
      const specifier = literalSpecifier(call.source as EsNode);
      if (specifier !== null) module.imports.push({ specifier, names: ["*"], dynamic: true });
    }
  }
  return module;
}

/** The module file an import in `from` names, or a failure naming both. */
function resolveImport(name: string, modules: Map<string, Module>, files: SkillFiles, from: string, specifier: string): Module {
  const quoted = `${from} imports "${specifier}"`;
  if (skillNameOf(specifier)) fail(name, `${quoted}: a skill cannot import another skill`);
  if (!isRelativeSpecifier(specifier)) fail(name, `${quoted}: a skill can import only its own files, by a relative path ("./util.js"); there are no packages or built-ins`);
  const path = joinPath(directoryOf(from), specifier);
  if (path === null) fail(name, `${quoted}, which is outside the skill`);
  const file = resolveSkillFile(files, path);
  if (file === null) {
    const tried = candidatePaths(path);
    fail(name, `${quoted}, which is not a module file of the skill${tried.length ? ` (tried ${tried.slice(0, 8).join(", ")})` : ""}`);
  }
  return modules.get(file)!;
}

/** Names a module exports, `export *` followed (each module once; `default` is never re-exported by *). */
function exportsOf(module: Module, resolve: (from: string, specifier: string) => Module): Set<string> {
  const names = new Set(module.exports);
  const seen = new Set([module.path]);
  const pending = module.starExports.map((specifier) => resolve(module.path, specifier));
  while (pending.length) {
    const next = pending.pop()!;
    if (seen.has(next.path)) continue;
    seen.add(next.path);
    for (const exported of next.exports) if (exported !== "default") names.add(exported);
    for (const specifier of next.starExports) pending.push(resolve(next.path, specifier));
  }
  return names;
}

/**
 * The backend's files for skill `name`, checked and compiled: module files only, as JavaScript.
 * Throws an Error whose message names the skill and the file.
 */
export async function prepareSkill(name: string, files: Record<string, string>): Promise<SkillFiles> {
  const sources = Object.create(null) as SkillFiles;
  for (const [key, source] of Object.entries(files)) {
    const path = normalizedKey(key);
    if (path === null) fail(name, `file "${key}" is not a path inside the skill (relative, no "..")`);
    if (Object.hasOwn(sources, path)) fail(name, `file "${key}" is listed twice`);
    if (isModulePath(path)) sources[path] = source;
  }
  if (Object.keys(sources).length > MAX_SKILL_MODULES) fail(name, `has more than ${MAX_SKILL_MODULES} module files`);
  const entry = skillEntry(sources);
  if (entry === null) {
    const modules = Object.keys(sources);
    fail(name, modules.length
      ? `has no entry module: name one of ${modules.length} modules index${MODULE_EXTENSIONS.join("/index")}`
      : `has no module to import (no ${MODULE_EXTENSIONS.join(", ")} file)${Object.keys(files).length ? `; its files: ${Object.keys(files).slice(0, 10).join(", ")}` : ""}`);
  }
  const compiled = Object.create(null) as SkillFiles;
  const modules = new Map<string, Module>();
  for (const [path, source] of Object.entries(sources)) {
    compiled[path] = await compile(name, path, source);
    modules.set(path, analyze(name, path, compiled[path]));
  }
  const resolve = (from: string, specifier: string) => resolveImport(name, modules, compiled, from, specifier);
  for (const module of modules.values()) {
    for (const { specifier, names, dynamic } of module.imports) {
      const target = resolve(module.path, specifier);
      if (dynamic) continue;
      const available = exportsOf(target, resolve);
      const missing = names.filter((imported) => imported !== "*" && !available.has(imported));
      if (missing.length) fail(name, `${module.path} imports ${missing.map((imported) => `"${imported}"`).join(", ")} from "${specifier}", which ${target.path} does not export`);
    }
  }
  return compiled;
}
