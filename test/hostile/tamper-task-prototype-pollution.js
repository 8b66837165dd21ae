// expect: TypeError
// category: tampering
// An inherited `label` is not an own field, but task() reads it: a polluted prototype fails validation.
Object.prototype.label = 12;
try { await task({ description: 'd', subagentType: 'general' }) } finally { delete Object.prototype.label }
