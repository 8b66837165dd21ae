// expect: ok
// category: tampering
// expect-value: ["undefined","function"]
// `tools` can be deleted (a program harms only itself); `task` is non-configurable and stays.
delete globalThis.tools;
delete globalThis.task;
[typeof tools, typeof task]
