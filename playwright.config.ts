import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./vite.config.js";

const useDevServer = process.env.E2E_SERVER === "dev";
const port = useDevServer ? 5173 : 4173;

export default defineConfig({
  testDir: "e2e",
  testIgnore: ["consumers/**"],
  workers: 1,
  timeout: 60_000,
  globalTimeout: 10 * 60_000,
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: { baseURL: `http://127.0.0.1:${port}`, screenshot: "only-on-failure" },
  projects: [
    {
      name: "debian-chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: useDevServer
      ? "npx vite -c vite.demo.config.ts"
      : "npx vite build -c vite.demo.config.ts && npx vite preview -c vite.demo.config.ts",
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
