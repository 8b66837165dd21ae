// expect: ok|OutOfMemory|Timeout
// category: bomb-regex
// neighbours: may-restart
// One replace() call over 6 MB: on a loaded machine it can outlast the watchdog.
'ab'.repeat(3_000_000).replace(/a/g, 'aaa').length
