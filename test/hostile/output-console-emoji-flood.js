// expect: ok
// category: bomb-output
// expect-text: truncated \d+ chars\]\n</stdout>\n<result>1</result>$
for (let i = 0; i < 10_000; i++) console.log('😀'.repeat(100));
1
