// expect: ok
// category: tampering
// expect-value: {"a":[1,2]}
JSON.stringify = () => '{"forged":true}';
JSON.parse = () => ({ forged: true });
await tools.echo({ a: [1, 2] })
