// expect: ok
// category: reentrancy
setTimeout(() => tools.echo('from a cancelled timer'), 10);
'ended before the timer'
