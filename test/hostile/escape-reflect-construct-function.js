// expect: ok
// category: escape
// expect-value: ["undefined","undefined"]
Reflect.construct(Function, ['return [typeof process, typeof postMessage]'])()
