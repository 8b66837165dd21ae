// expect: ok|ToolError
// category: tool-host
// The same "__proto__" key in a value that needs devalue (it holds a Date): data, or a clean refusal.
const value = await tools.weirdResult({ kind: 'proto-key-devalue' });
[typeof ({}).polluted, typeof Object.prototype.polluted, value.when instanceof Date]
