// convention: tanstack-codemode
// tools: get_weather (tools.getWeather)
// TanStack AI code mode (execute_typescript): typed program, parallel tool calls, only the returned value goes back (top-level return).
interface Weather { city: string; tempC: number; conditions: string; humidity: number; windKph: number }

const cities = ["London", "Paris", "Madrid", "Tokyo"];
const reports: Weather[] = await Promise.all(cities.map((city) => tools.getWeather({ city })));
const warmest = reports.reduce((best, r) => (r.tempC > best.tempC ? r : best));
const averageC = reports.reduce((sum, r) => sum + r.tempC, 0) / reports.length;

return {
  warmest: warmest.city,
  averageC: Math.round(averageC * 10) / 10,
  dry: reports.filter((r) => !/rain/.test(r.conditions)).map((r) => r.city),
};
