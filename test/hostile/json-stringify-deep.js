// expect: StackOverflow|Timeout
let deep = {};
for (let i = 0; i < 300000; i++) deep = { deep };
JSON.stringify(deep).length
