// convention: cloudflare-codemode
// tools: create_ticket (tools.createTicket)
// Cloudflare Code Mode: an async arrow followed by a semicolon.
async () => {
  const problems = [
    { title: "Checkout fails for EU cards", priority: "high", assignee: "grace" },
    { title: "Typo on pricing page", priority: "low" },
  ];
  const tickets = [];
  for (const problem of problems) tickets.push(await tools.createTicket(problem));
  return tickets.map((t) => `${t.id} [${t.priority}] ${t.title}${t.assignee ? ` → ${t.assignee}` : ""}`);
};
