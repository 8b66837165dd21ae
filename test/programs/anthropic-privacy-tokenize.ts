// convention: anthropic-mcp
// tools: lookup-user (tools.lookupUser), send_message (tools.sendMessage)
// Code execution with MCP: personal data stays in the sandbox; emails are replaced by tokens before anything is sent on.
const ids = ["u-100", "u-101", "u-103"];
const users = await Promise.all(ids.map((id) => tools.lookupUser({ id })));

const tokens = new Map<string, string>();
const tokenize = (email: string): string => {
  if (!tokens.has(email)) tokens.set(email, `[EMAIL_${tokens.size + 1}]`);
  return tokens.get(email)!;
};

const lines = users.map((u: { name: string; email: string; team: string }) => `${u.name} <${tokenize(u.email)}> (${u.team})`);
const sent = await tools.sendMessage({ channel: "#ops", text: lines.join("\n") });
console.log(`sent ${lines.length} lines as ${sent.ts}`);
return { ok: sent.ok, tokens: tokens.size, preview: lines[0] };
