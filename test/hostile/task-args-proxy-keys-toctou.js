// expect: ok
// category: tool-arguments
// expect-value: []
// A proxy whose keys change between validation and sending cannot smuggle fields to the host.
let calls = 0;
const input = new Proxy({ description: 'echo-request', subagentType: 'general' }, {
  ownKeys: (target) => (++calls === 1 ? ['description', 'subagentType'] : ['description', 'subagentType', 'smuggled']),
  getOwnPropertyDescriptor: (target, key) => ({ value: key === 'smuggled' ? 'yes' : target[key], enumerable: true, configurable: true }),
  get: (target, key) => (key === 'smuggled' ? 'yes' : target[key]),
});
(await task(input)).keys.filter((key) => !['description', 'subagentType'].includes(key))
