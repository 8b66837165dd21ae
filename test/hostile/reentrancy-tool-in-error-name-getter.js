// expect: Recovered
// category: reentrancy
// The error's name is read while rendering: a tool call from that getter goes nowhere.
const error = new Error('thrown');
Object.defineProperty(error, 'name', { get() { tools.echo('from name getter'); return 'Recovered' } });
throw error
