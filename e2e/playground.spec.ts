import { expect, test } from "@playwright/test";

test("runs a program and shows what the model sees", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.goto("/");
  await page.getByRole("button", { name: /Run/ }).click();
  await expect(page.getByTestId("wire")).toHaveText("<stdout>\nitems: 3\n</stdout>\n<result>[ 6, 10, 16 ]</result>");
  await expect(page.getByTestId("status")).toContainText("ok in");

  // State persists in the thread; Ctrl+Enter runs.
  await page.getByLabel("Program").fill("prices.reduce((a, b) => a + b, 0)");
  await page.getByLabel("Program").press("Control+Enter");
  await expect(page.getByTestId("wire")).toHaveText("<result>16</result>");

  // A runaway program is stopped and the page keeps working.
  await page.getByLabel("Program").fill("while (true) {}");
  await page.getByRole("button", { name: /Run/ }).click();
  await expect(page.getByTestId("wire")).toContainText('<error type="Timeout">', { timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath("playground.png") });
  expect(consoleErrors).toEqual([]);
});
