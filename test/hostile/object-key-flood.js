// expect: OutOfMemory|Timeout
const o = {};
for (let i = 0; ; i++) o['key' + i] = i;
