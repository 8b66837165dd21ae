// expect: Error|Timeout
// category: bomb-promises
await Promise.reject({ get message() { while (true) {} }, [Symbol.toPrimitive]() { while (true) {} } })
