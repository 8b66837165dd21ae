// expect: Timeout
// category: tool-host
// The wall timeout cannot be caught by the program.
try { await tools.neverResolves() } catch { 'caught' }
