/** Runs the ```ts block under a README.md heading with the given modules (by import specifier) and globals; returns what it logged. */
import { readFileSync } from "node:fs";
import { formatWithOptions } from "node:util";
import { transform } from "sucrase";

/** The ```ts block under a README.md heading. */
export function readmeExampleSource(heading: string): string {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const source = /```ts\n([\s\S]*?)```/.exec(readme.split(`\n${heading}\n`)[1] ?? "")?.[1];
  if (!source) throw new Error(`README.md has no \`\`\`ts block under '${heading}'`);
  return source;
}

/** What the example's comments say its `console.log(…); // …` lines print. */
export function readmeExampleExpectations(heading: string): string[] {
  return [...readmeExampleSource(heading).matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((match) => match[1]!);
}

export async function runReadmeExample(heading: string, modules: Record<string, object>, globals: Record<string, unknown> = {}): Promise<string[]> {
  const source = readmeExampleSource(heading);
  const bindings = new Map<string, unknown>(Object.entries(globals));
  const body = transform(source, { transforms: ["typescript"] }).code.replace(/^import \{([^}]*)\} from "([^"]+)";$/gm, (_, names: string, specifier: string) => {
    const module = modules[specifier] as Record<string, unknown> | undefined;
    if (!module) throw new Error(`the README example imports ${specifier}, which the test does not provide`);
    for (const name of names.split(",").map((part) => part.trim()).filter(Boolean)) {
      if (!(name in module)) throw new Error(`${specifier} has no export ${name}`);
      bindings.set(name, module[name]);
    }
    return "";
  });
  const logs: string[] = [];
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  await new AsyncFunction(...bindings.keys(), "console", body)(...bindings.values(), { log: (...args: unknown[]) => logs.push(formatWithOptions({}, ...args)) });
  return logs;
}
