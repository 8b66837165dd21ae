// convention: langchain-quickjs
// tools: task (subagent "auditor")
// LangChain / deepagents REPL: a subagent's structured reply with a realistically nested responseSchema (eight schema levels deep).
const finding = {
  type: "object",
  properties: {
    severity: { enum: ["low", "medium", "high"] },
    file: { type: "string" },
    line: { type: "integer" },
    note: { type: "string" },
  },
  required: ["severity", "file"],
};
const responseSchema = {
  type: "object",
  properties: {
    services: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string" },
          checks: {
            type: "array",
            items: {
              type: "object",
              properties: { id: { type: "string" }, passed: { type: "boolean" }, findings: { type: "array", items: finding } },
              required: ["id", "passed", "findings"],
            },
          },
        },
        required: ["name", "checks"],
      },
    },
  },
  required: ["services"],
};
const audit = await task({ description: "Audit the billing and search services for security problems", subagentType: "auditor", responseSchema });
const findings = audit.services.flatMap((s) => s.checks.flatMap((c) => c.findings.map((f) => ({ service: s.name, check: c.id, ...f }))));
console.log(`${findings.length} findings in ${audit.services.length} services`);
findings.filter((f) => f.severity !== "low").map((f) => `${f.service}/${f.check}: ${f.severity} ${f.file}:${f.line}`)
