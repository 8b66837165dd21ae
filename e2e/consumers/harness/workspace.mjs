// Lays out one consumer app outside the repository, so nothing can resolve from the repository's
// own node_modules: the app's files, the installed quickbox tree (a copy of one
// `npm install <tarball>`), and the tools that app declares, from e2e/consumers/node_modules:
// - `tools`: symlinked (the tool resolves its own dependencies next to its real path);
// - `copiedTools`: copied as hard links together with their installed dependencies, for tools
//   that refuse to run from outside the project (Turbopack looks for next/ inside the project).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { consumersDir, toolsDir } from "./deps.mjs";

/** Files of an app folder that belong to the test, not to the app. */
function isAppFile(path) {
  const name = basename(path);
  return name !== "node_modules" && !/^check(-.*)?\.mjs$/.test(name);
}

/**
 * Creates `<workRoot>/<dirName>` from e2e/consumers/<app>/ and returns its path.
 * `tools` are package names from e2e/consumers/node_modules (scoped ones too).
 */
export function layOutApp({ app, dirName, workRoot, installedModules, tools = [], copiedTools = [] }) {
  const dir = join(workRoot, dirName);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(consumersDir, app), dir, { recursive: true, filter: isAppFile });
  cpSync(installedModules, join(dir, "node_modules"), { recursive: true, verbatimSymlinks: true });
  // The app's package.json as `npm install <tarball>` leaves it.
  const manifest = join(dir, "package.json");
  if (existsSync(manifest)) {
    const installed = JSON.parse(readFileSync(join(installedModules, "..", "package.json"), "utf8"));
    const app = JSON.parse(readFileSync(manifest, "utf8"));
    app.dependencies = { ...app.dependencies, ...installed.dependencies };
    writeFileSync(manifest, `${JSON.stringify(app, null, 2)}\n`);
  }
  for (const name of tools) {
    const source = join(toolsDir, name);
    if (!existsSync(source)) throw new Error(`tool ${name} is not installed in ${toolsDir}`);
    const link = join(dir, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(source, link, "dir");
  }
  for (const name of installedClosure(copiedTools)) copyPackage(name, join(dir, "node_modules"));
  return dir;
}

/** Throws if a node_modules folder above the work root could lend apps packages they did not install. */
export function expectNoOuterModules(workRoot) {
  for (let dir = dirname(workRoot); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules"))) {
      throw new Error(`${join(dir, "node_modules")} exists: apps under ${workRoot} would resolve packages from it`);
    }
    if (dirname(dir) === dir) return;
  }
}

/** The tools and every package they depend on that is installed (per e2e/consumers' lockfile). */
function installedClosure(names) {
  const lock = JSON.parse(readFileSync(join(consumersDir, "package-lock.json"), "utf8")).packages;
  const found = new Set();
  const visit = (name) => {
    const entry = lock[`node_modules/${name}`];
    if (found.has(name) || !entry || !existsSync(join(toolsDir, name))) return;
    found.add(name);
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      visit(dependency);
    }
  };
  names.forEach(visit);
  return [...found];
}

function copyPackage(name, modules) {
  const source = join(toolsDir, name);
  const target = join(modules, name);
  if (existsSync(target)) {
    const version = (path) => JSON.parse(readFileSync(join(path, "package.json"), "utf8")).version;
    if (version(source) === version(target)) return;
    throw new Error(`${name} ${version(source)} (a tool's dependency) clashes with ${name} ${version(target)} from quickbox's install`);
  }
  mkdirSync(dirname(target), { recursive: true });
  try {
    execFileSync("cp", ["-al", source, target]); // hard links: no bytes copied
  } catch {
    cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  }
}
