// convention: agent
// tools: get_weather (tools.getWeather)
// An agent cell: timers in virtual time — ordering, setInterval/clearInterval, and a race between a tool call and a timeout.
const events = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
setTimeout(() => events.push(`300 at ${Date.now()}`), 300);
setTimeout(() => events.push(`100 at ${Date.now()}`), 100);
setTimeout(() => events.push(`100b at ${Date.now()}`), 100);
let ticks = 0;
await new Promise((resolve) => {
  const id = setInterval(() => {
    ticks++;
    events.push(`tick ${ticks} at ${Date.now()}`);
    if (ticks === 3) {
      clearInterval(id);
      resolve();
    }
  }, 250);
});
const timeout = sleep(10_000).then(() => "timed out");
const winner = await Promise.race([tools.getWeather({ city: "Paris" }).then((w) => w.conditions), timeout]);
const before = Date.now();
await sleep(1500);
({ events, winner, slept: Date.now() - before, now: Date.now() })
