// expect: ok
// category: escape
// expect-value: [false,false]
let stack = '';
try { null.boom } catch (error) { stack = String(error.stack) }
[/node_modules|file:\/\/|\/work\//.test(stack), /https?:/.test(stack)]
