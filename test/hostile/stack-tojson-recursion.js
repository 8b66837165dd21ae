// expect: StackOverflow|Timeout
// category: bomb-stack
// neighbours: may-restart
const o = { toJSON() { return [o] } };
JSON.stringify(o)
