// convention: agent
// tools: read_file (tools.readFile)
// An agent cell: regular expressions with named groups, lookbehind, matchAll, sticky flags and replace callbacks.
const { content } = await tools.readFile({ path: "/logs/app.log" });
const durations = [...content.matchAll(/(?<=ms=)(\d+)/g)].map((m) => Number(m[1]));
const stamps = [...content.matchAll(/^(?<date>\d{4}-\d{2}-\d{2})T(?<h>\d{2}):(?<m>\d{2})/gm)].map(({ groups }) => `${groups.h}h${groups.m}`);
const redacted = "Contact ada@example.com or grace.hopper@example.org, ticket TCK-1042".replace(/([\w.]+)@([\w.]+)/g, (_, user, domain) => `${user[0]}***@${domain}`);
const tickets = "TCK-1042 TCK-7 tck-99 TCK-1001".match(/\bTCK-\d{3,}\b/g);
const sticky = /\d+/y;
sticky.lastIndex = 4;
const stickyMatch = sticky.exec("abc 123 456")?.[0] ?? null;
({ durations, stamps: stamps.slice(0, 3), redacted, tickets, stickyMatch, unicode: /\p{L}+/u.exec("123 héllo")?.[0] })
