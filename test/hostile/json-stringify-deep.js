// expect: StackOverflow|Timeout
// category: bomb-json
// neighbours: may-restart
let deep = {};
for (let i = 0; i < 300000; i++) deep = { deep };
JSON.stringify(deep).length
