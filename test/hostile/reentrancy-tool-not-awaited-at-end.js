// expect: ok
// category: reentrancy
// expect-text: ^<result>finished first</result>$
// Calls still in flight when the eval ends are abandoned (their signal aborts).
tools.slow({ ms: 300 });
tools.neverResolves();
'finished first'
