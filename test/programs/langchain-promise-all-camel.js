// convention: langchain-quickjs
// tools: get_weather (tools.getWeather)
// LangChain QuickJS REPL: Promise.all over camelCase tool keys; the last expression is the result.
const cities = ["London", "Paris", "Berlin", "Madrid", "Tokyo", "New York"];
const reports = await Promise.all(cities.map((city) => tools.getWeather({ city })));
reports.map((r) => ({ city: r.city, tempC: r.tempC })).sort((a, b) => b.tempC - a.tempC)
