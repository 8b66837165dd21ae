// convention: cloudflare-codemode
// tools: lookup-user (tools.lookupUser)
// Cloudflare Code Mode: the function expression wrapped in parentheses, as some models write it.
(async () => {
  const ids = ["u-100", "u-101", "u-104"];
  const users = await Promise.all(ids.map((id) => tools.lookupUser({ id })));
  const managers = users.filter((u) => u.manager === null).map((u) => u.name);
  return { team: users[0].team, members: users.map((u) => u.name), managers };
})
