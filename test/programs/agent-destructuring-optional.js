// convention: agent
// tools: lookup-user (tools.lookupUser)
// An agent cell: nested destructuring with defaults and renames, optional chaining and nullish coalescing.
const users = await Promise.all(["u-101", "u-102", "u-105"].map((id) => tools.lookupUser({ id })));
const directory = Object.fromEntries(users.map((u) => [u.id, u]));
const describe = ({ name, team = "none", manager: managerId, settings: { theme = "light" } = {} }) => {
  const manager = directory[managerId]?.name ?? (managerId ? `(unknown ${managerId})` : "nobody");
  return `${name} [${team}] reports to ${manager}, theme ${theme}`;
};
const [first, , last = null] = users;
const { name: firstName, ...rest } = first;
({
  lines: users.map(describe),
  firstName,
  restKeys: Object.keys(rest).sort(),
  lastEmailDomain: last?.email?.split("@")[1],
  missing: users[7]?.name ?? "no eighth user",
})
