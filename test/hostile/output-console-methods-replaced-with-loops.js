// expect: ok
// category: bomb-output
// expect-text: ^<result>done</result>$
console.log = () => { while (true) {} };
'done'
