// convention: agent
// tools: read_file (tools.readFile)
// An agent cell: parse JSON a tool returned as text, transform it, print it pretty-printed.
const { content } = await tools.readFile({ path: "/repo/package.json" });
const pkg = JSON.parse(content);
const deps = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
  .map(([name, range]) => ({ name, major: Number(range.replace(/^[^\d]*/, "").split(".")[0]), dev: name in pkg.devDependencies }))
  .sort((a, b) => a.name.localeCompare(b.name));
const report = { name: pkg.name, version: pkg.version, scripts: Object.keys(pkg.scripts), deps };
console.log(JSON.stringify(report, null, 2));
JSON.parse(JSON.stringify(report, (key, value) => (key === "dev" ? undefined : value)))
