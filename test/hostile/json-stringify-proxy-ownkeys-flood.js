// expect: Timeout|OutOfMemory|RangeError
// category: bomb-json
const keys = new Proxy({}, { ownKeys: () => Array.from({ length: 10_000_000 }, (_, i) => 'k' + i), getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }) });
JSON.stringify(keys).length
