// convention: agent
// tools: lookup-user (tools.lookupUser)
// An agent cell whose tool call fails and is not caught: the host reports the tool's error.
const known = await tools.lookupUser({ id: "u-100" });
console.log(`found ${known.name}`);
const missing = await tools.lookupUser({ id: "u-999" });
missing.name
