// expect: ok
// category: bomb-output
// expect-text: ^<result>ended</result>$
// Timers still pending when the eval ends are cancelled: they cannot print into the next eval.
setInterval(() => console.log('late'), 1);
'ended'
