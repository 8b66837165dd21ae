// convention: cloudflare-codemode
// tools: get_weather, send_message (by their original names)
// Cloudflare Code Mode: an async arrow calling tools by the names the MCP server gave them (snake_case).
async () => {
  const weather = await tools.get_weather({ city: "Tokyo" });
  const text = `Tokyo: ${weather.tempC}°C and ${weather.conditions}, wind ${weather.windKph} km/h`;
  const posted = await tools.send_message({ channel: "#travel", text });
  return { posted: posted.ok, ts: posted.ts, text };
}
