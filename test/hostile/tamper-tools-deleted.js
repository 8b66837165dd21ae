// expect: ok
// category: tampering
// expect-value: ["undefined","undefined"]
delete globalThis.tools;
delete globalThis.task;
[typeof tools, typeof task]
