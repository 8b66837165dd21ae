// convention: langchain-quickjs
// tools: task (subagent "researcher")
// LangChain / deepagents REPL: fan out to subagents with task(), each reply checked against a small responseSchema.
const topics = ["rate limits and retries in the public API", "webhook signature verification", "key rotation"];
const schema = {
  type: "object",
  properties: { topic: { type: "string" }, summary: { type: "string" }, sources: { type: "integer" }, confidence: { enum: ["low", "medium", "high"] } },
  required: ["topic", "summary", "confidence"],
};
const reports = await Promise.all(
  topics.map((topic, i) => task({ description: topic, subagentType: "researcher", label: `research-${i + 1}`, responseSchema: schema })),
);
reports.map((r) => `${r.confidence.toUpperCase()} ${r.summary} (${r.sources} sources)`)
