// expect: Timeout
// category: bomb-cpu
// The interrupt becomes a catchable rejection inside async code; the eval must still end.
async function spin() { while (true) {} }
for (;;) { try { await spin() } catch {} }
