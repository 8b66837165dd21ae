// expect: Timeout
// category: bomb-cpu
for await (const _ of { [Symbol.asyncIterator]() { return { next: async () => ({ done: false }) } } }) {}
