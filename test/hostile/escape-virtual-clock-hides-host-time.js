// expect: ok
// category: escape
// expect-value: true
// The default virtual clock starts at 0: the host's wall-clock time does not leak.
Date.now() < 1e9 && new Date().getUTCFullYear() === 1970
