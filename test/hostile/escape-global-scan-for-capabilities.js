// expect: ok
// category: escape
// expect-value: []
// Nothing with a host capability is reachable from the global object.
const forbidden = ['process', 'require', 'module', 'fetch', 'XMLHttpRequest', 'WebSocket', 'WebAssembly', 'postMessage',
  'importScripts', 'performance', 'navigator', 'Deno', 'Bun', 'std', 'os', 'scriptArgs', 'print', '__quickboxInternal', '__quickboxHostIntl', 'document', 'window', 'self'];
forbidden.filter((name) => name in globalThis)
