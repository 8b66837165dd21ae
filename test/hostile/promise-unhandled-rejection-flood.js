// expect: ok
// category: bomb-promises
// expect-text: ^<result>done</result>$
for (let i = 0; i < 20_000; i++) Promise.reject(new Error('ignored ' + i));
'done'
