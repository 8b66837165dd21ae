// expect: ok
// category: bomb-output
// expect-text: ^<stdout>\n\{ x: \[Getter\] \}\n</stdout>
console.log({ get x() { while (true) {} } });
'done'
