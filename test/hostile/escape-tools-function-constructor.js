// expect: ok
// category: escape
// expect-value: ["undefined","undefined"]
tools.echo.constructor('return [typeof process, typeof require]')()
