// expect: Timeout
// category: bomb-json
JSON.stringify({ get toJSON() { while (true) {} } })
