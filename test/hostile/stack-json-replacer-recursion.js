// expect: StackOverflow|RangeError|OutOfMemory|Timeout
// category: bomb-stack
// neighbours: may-restart
// In a worker (16 MiB native stack) JSON recursion goes far deeper than QuickJS's own limit sees,
// and its timeout can overshoot by seconds: the watchdog may restart the worker.
JSON.stringify({}, (key, value) => ({ again: value }))
