// expect: Timeout
// category: bomb-cpu
const spin = async () => { for (;;) {} };
for (let i = 0; ; i++) await spin().catch(() => i);
