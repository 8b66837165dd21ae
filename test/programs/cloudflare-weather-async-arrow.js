// convention: cloudflare-codemode
// tools: get_weather (tools.getWeather)
// Cloudflare Code Mode: the whole program is one async arrow function; the host calls it and awaits its return value.
async () => {
  const cities = ["London", "Berlin", "Paris"];
  const results = [];
  for (const city of cities) {
    const weather = await tools.getWeather({ city });
    results.push({ city, summary: `${weather.tempC}°C, ${weather.conditions}` });
  }
  return results;
}
