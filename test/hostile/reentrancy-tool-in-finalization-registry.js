// expect: ok
// category: reentrancy
const registry = new FinalizationRegistry(() => tools.echo('finalized'));
for (let i = 0; i < 1000; i++) registry.register({ i }, i);
'registered'
