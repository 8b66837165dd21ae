// expect: Timeout
// category: bomb-regex
// An empty global match never advances lastIndex: the classic infinite exec loop.
const pattern = /(?:)/g;
let count = 0;
while (pattern.exec('x')) count++;
