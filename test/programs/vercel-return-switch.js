// convention: vercel-codemode
// tools: get_weather (tools.getWeather)
// AI SDK code mode: returns from inside a top-level switch, one per branch.
const weather = await tools.getWeather({ city: "Berlin" });
const advice = (w) => (w.windKph > 25 ? "hold the umbrella tight" : "an umbrella will do");
switch (true) {
  case weather.conditions.includes("rain"):
    return { city: weather.city, pack: "umbrella", note: advice(weather) };
  case weather.tempC >= 25:
    return { city: weather.city, pack: "sunscreen" };
  case weather.conditions === "overcast":
    console.log(`${weather.city} is overcast at ${weather.tempC}°C`);
    return { city: weather.city, pack: "light jacket", humidity: `${weather.humidity}%` };
  default:
    return { city: weather.city, pack: "nothing special" };
}
