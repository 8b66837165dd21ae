// expect: ok
// category: reentrancy
({ [Symbol.for('nodejs.util.inspect.custom')]() { task({ description: 'from render', subagentType: 'general' }); return 'rendered' } })
