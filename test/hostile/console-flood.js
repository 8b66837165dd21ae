// expect: ok
// category: bomb-output
// expect-text: truncated \d+ chars\]\n</stdout>
for (let i = 0; i < 20000; i++) console.log('spam', i);
'survived'
