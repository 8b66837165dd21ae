// expect: ok
// category: tampering
// expect-value: {"a":1}
// Pollution of the tool function objects and of Function.prototype stays in the program's realm.
tools.echo.apply = () => 'hijacked';
Object.defineProperty(tools.echo, 'name', { value: 'forged' });
Function.prototype.then = (resolve) => resolve('thenable function');
const result = await tools.echo({ a: 1 });
delete Function.prototype.then;
result
