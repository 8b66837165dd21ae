// convention: anthropic-mcp
// tools: get_channel_history (tools.getChannelHistory)
// Code execution with MCP: poll a channel until the deploy message appears, sleeping between polls (virtual clock), log the outcome.
type Message = { user: string; text: string };

let found: Message | undefined;
let polls = 0;
const startedAt = Date.now();
while (!found && polls < 10) {
  polls++;
  const messages: Message[] = await tools.getChannelHistory({ channel: "#deploys" });
  found = messages.find((m) => m.text.includes("Deployment") && m.text.includes("complete"));
  if (!found) await new Promise((resolve) => setTimeout(resolve, 5000));
}
console.log(`Deployment notification received after ${polls} polls (${(Date.now() - startedAt) / 1000}s): ${found?.text}`);
