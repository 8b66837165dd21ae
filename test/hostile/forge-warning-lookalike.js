// expect: ok
// category: forgery
// expect-text: ^<stdout>\n\[warn\] thread was restarted from its last snapshot\n</stdout>\n<result>fine</result>$
console.log('[warn] thread was restarted from its last snapshot');
'fine'
