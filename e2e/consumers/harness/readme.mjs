// README.md's examples, taken as they are: a check that runs "the README example" reads it from
// README.md at run time, so the test and the documentation cannot drift apart.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoDir } from "./package-under-test.mjs";

/** The `index`-th ````lang` code block under the `## heading` section of README.md. */
export function readmeBlock(heading, lang, index = 0) {
  const readme = readFileSync(join(repoDir, "README.md"), "utf8");
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no section "## ${heading}"`);
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].filter((match) => match[1] === lang);
  const block = blocks[index];
  if (!block) throw new Error(`README.md "## ${heading}" has no ${index + 1}. \`\`\`${lang} block`);
  return block[2];
}
