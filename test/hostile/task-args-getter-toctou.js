// expect: ok
// category: tool-arguments
// expect-value: {"description":"string","subagentType":"string","extraKeys":[]}
// task() validates its input, then must send exactly what it validated: a getter cannot change it.
let reads = 0;
const input = {
  get description() { return ++reads === 1 ? 'echo-request' : { not: 'a string' } },
  subagentType: 'general',
};
const reply = await task(input);
({ description: typeof reply.request.description, subagentType: typeof reply.request.subagentType, extraKeys: reply.keys.filter((key) => !['description', 'subagentType'].includes(key)) })
