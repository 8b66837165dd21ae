// expect: ok
// category: bomb-timers
// expect-value: [{"from":"timer"},1000]
const fromTimer = await new Promise((resolve) => setTimeout(() => resolve(tools.echo({ from: 'timer' })), 1000));
[fromTimer, Date.now()]
