// convention: langchain-quickjs
// tools: lookup-user (tools["lookup-user"], its original kebab-case name)
// LangChain QuickJS REPL: a tool whose name is not an identifier, called with bracket access; the last expression is the result.
const ids = ["u-100", "u-101", "u-102", "u-103", "u-104", "u-105"];
const people = [];
for (const id of ids) {
  const user = await tools["lookup-user"]({ id });
  people.push(user);
}
const byTeam = {};
for (const p of people.filter((p) => p.active)) (byTeam[p.team] ??= []).push(p.name);
console.log(`${people.length} users, ${people.filter((p) => !p.active).length} inactive`);
byTeam
