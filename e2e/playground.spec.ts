/**
 * The playground, end to end in Debian's Chromium against its production build: examples, tool
 * calls, limits, approvals across a reload, reject, fork, and the optional model driver (against
 * a local mock endpoint). Each test gets a fresh browser context (fresh IndexedDB).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

let consoleErrors: string[] = [];
let foreignRequests: string[] = [];
/** Origins the page may talk to besides its own (the model test's mock endpoint). */
const allowedOrigins = new Set<string>();

test.beforeEach(async ({ page, baseURL }) => {
  consoleErrors = [];
  foreignRequests = [];
  allowedOrigins.clear();
  allowedOrigins.add(new URL(baseURL!).origin);
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && !allowedOrigins.has(url.origin)) foreignRequests.push(request.url());
  });
  await page.goto("/");
  await expect(page.getByTestId("status")).toHaveText("Ready.");
});

test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
  expect(foreignRequests, "requests outside the app's own origin").toEqual([]);
});

test("is accessible (axe: no violations) and usable on a phone-sized screen", async ({ page }) => {
  await chooseExample(page, "Approval flow");
  await runAndWait(page);
  await expect(page.getByTestId("approval")).toHaveCount(1);
  await page.getByText("What the model is told: the system prompt").click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);

  // Keyboard: the Run button is reachable and works with Enter.
  await page.getByRole("button", { name: /^Run/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status")).toContainText("is paused, waiting for a decision: decide it under Approvals");
  await expect(page.getByTestId("wire")).toHaveText("");

  await page.setViewportSize({ width: 390, height: 844 });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await attachScreenshot(page, "phone");
});

async function attachScreenshot(page: Page, name: string): Promise<void> {
  await test.info().attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

async function chooseExample(page: Page, title: string | RegExp): Promise<void> {
  const select = page.getByLabel("Example");
  const value = await select.locator("option").filter({ hasText: title }).getAttribute("value");
  await select.selectOption(value!);
}

async function typeProgram(page: Page, code: string): Promise<void> {
  await page.getByTestId("editor").fill(code);
}

async function runAndWait(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Run/ }).click();
  await expect(page.getByTestId("status")).not.toContainText("running", { timeout: 20_000 });
}

test("runs the fan-out example: the wire text, five tool calls, and the thread's variables", async ({ page }) => {
  await chooseExample(page, /^Fan-out/);
  await runAndWait(page);
  await expect(page.getByTestId("wire")).toHaveText(/^<result>Lisbon\s+19°C sunny\nOslo\s+-3°C snow\n[\s\S]*Denver\s+6°C windy<\/result>$/);
  await expect(page.getByTestId("status")).toContainText("ok in");
  await expect(page.getByTestId("call")).toHaveCount(5);
  await expect(page.getByTestId("call").first()).toContainText("get_weather");
  await expect(page.getByTestId("call").first()).toContainText('"tempC":19');
  await expect(page.getByTestId("variable").filter({ hasText: "cities" })).toContainText("array");
  await expect(page.getByTestId("snapshot").first()).toBeVisible();
  await attachScreenshot(page, "fan-out");

  // State persists in the thread; Ctrl+Enter runs.
  await typeProgram(page, "reports.filter((r) => r.tempC < 10).map((r) => r.city)");
  await page.getByTestId("editor").press("Control+Enter");
  await expect(page.getByTestId("wire")).toHaveText("<result>[ 'Oslo', 'Denver' ]</result>");
});

test("the other examples run: retry with backoff, aggregate, subagents", async ({ page }) => {
  await chooseExample(page, "Retry with backoff");
  await runAndWait(page);
  await expect(page.getByTestId("wire")).toContainText("attempt 1 failed: warehouse API: 503");
  await expect(page.getByTestId("wire")).toContainText("T-102: 12 in stock (after 3 attempts)");

  await chooseExample(page, "Aggregate");
  await runAndWait(page);
  await expect(page.getByTestId("wire")).toContainText("category: 'tools'");
  await expect(page.getByTestId("progress-item")).toHaveText([/^\d+ products found; grouping…$/]);

  await chooseExample(page, "Subagents");
  await runAndWait(page);
  await expect(page.getByTestId("call")).toHaveCount(3);
  await expect(page.getByTestId("wire")).toContainText("storage: 4 storage products; cheapest Parts organiser");
});

test("a runaway loop ends as Timeout while the page keeps responding", async ({ page }) => {
  await chooseExample(page, "Runaway loop");
  await page.getByRole("button", { name: /^Run/ }).click();
  await expect(page.getByTestId("status")).toContainText("running");
  const clickedAt = Date.now();
  await page.getByText("What the model is told: the system prompt").click();
  await expect(page.getByTestId("system-prompt")).toBeVisible({ timeout: 1000 });
  expect(Date.now() - clickedAt).toBeLessThan(1000);
  await expect(page.getByTestId("system-prompt")).toContainText("getWeather");
  await expect(page.getByTestId("wire")).toContainText('<error type="Timeout">', { timeout: 15_000 });
  await attachScreenshot(page, "timeout");

  // The Stop button cancels a run.
  await page.getByRole("button", { name: /^Run/ }).click();
  // The page is cross-origin isolated: the cancel flag reaches the loop at once, the worker is not replaced.
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const stoppedAt = Date.now();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(page.getByTestId("wire")).toContainText('<error type="Cancelled">');
  expect(Date.now() - stoppedAt).toBeLessThan(900);
  await expect(page.getByTestId("wire")).not.toContainText("worker was restarted");
});

test("a memory bomb ends as OutOfMemory and the thread keeps working", async ({ page }) => {
  await typeProgram(page, "const kept = 'still here'");
  await runAndWait(page);
  await chooseExample(page, "Memory bomb");
  await runAndWait(page);
  await expect(page.getByTestId("wire")).toContainText('<error type="OutOfMemory">');
  await attachScreenshot(page, "out-of-memory");
  await typeProgram(page, "kept");
  await runAndWait(page);
  await expect(page.getByTestId("wire")).toHaveText("<result>still here</result>");
});

test("approval flow: pause, reload the page, approve twice, the program finishes where it waited", async ({ page }) => {
  await chooseExample(page, "Approval flow");
  await runAndWait(page);
  await expect(page.getByTestId("status")).toContainText("paused");
  await expect(page.getByTestId("wire")).toContainText("<paused>");
  const approval = page.getByTestId("approval");
  await expect(approval).toHaveCount(1);
  await expect(approval).toContainText("pay_invoice");
  await expect(approval.getByLabel(/Arguments/)).toHaveValue(/"invoiceId": "INV-501"/);
  await attachScreenshot(page, "paused");

  await page.reload();
  await expect(page.getByTestId("approval")).toHaveCount(1);
  await expect(page.getByTestId("approval")).toContainText("pay_invoice");
  await attachScreenshot(page, "paused-after-reload");
  await page.getByTestId("approval").getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByTestId("approval")).toContainText("send_email");
  await expect(page.getByTestId("approval").getByLabel(/Arguments/)).toHaveValue(/Confirmation PAY-501/);
  await page.getByTestId("approval").getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByTestId("wire")).toHaveText("<result>{ order: 'A-1001', paid: true, emailed: true }</result>");
  await expect(page.getByTestId("approval")).toHaveCount(0);
  await attachScreenshot(page, "approved");
});

test("reject: the program's await throws ToolRejected with the message", async ({ page }) => {
  await chooseExample(page, "Approval flow");
  await runAndWait(page);
  const approval = page.getByTestId("approval");
  await approval.getByLabel("Answer").fill("not this month");
  await approval.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("wire")).toContainText('<error type="ToolRejected">');
  await expect(page.getByTestId("wire")).toContainText("not this month");
  await expect(page.getByTestId("approval")).toHaveCount(0);
});

test("fork a paused thread and decide the two copies differently", async ({ page }) => {
  await chooseExample(page, "Approval flow");
  await runAndWait(page);
  await page.getByLabel("Name").fill("copy");
  await page.getByRole("button", { name: "Fork current" }).click();
  await expect(page.getByTestId("approval")).toHaveCount(2);
  await expect(page.getByTestId("thread").filter({ hasText: "copy" })).toContainText("paused");
  await attachScreenshot(page, "forked");

  // The original: respond instead of paying; then approve the email.
  const original = page.locator('[data-testid="approval"][data-thread="default"]');
  await original.getByLabel("Answer").fill('{"paid": false, "confirmation": "manual"}');
  await original.getByRole("button", { name: "Respond" }).click();
  await expect(original).toContainText("send_email");
  await original.getByRole("button", { name: "Approve", exact: true }).click();
  // The card is gone: keyboard focus moves to the outcome, not to the top of the page.
  await expect(page.getByTestId("status")).toBeFocused();
  await expect(page.getByTestId("wire")).toHaveText("<result>{ order: 'A-1001', paid: false, emailed: true }</result>");

  // The copy: edit the amount, approve; then reject the email.
  const copy = page.locator('[data-testid="approval"][data-thread="copy"]');
  await copy.getByLabel(/Arguments/).fill('{"invoiceId": "INV-501", "amountUsd": 100}');
  await copy.getByRole("button", { name: "Approve edited" }).click();
  await expect(copy).toContainText("send_email");
  await copy.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("wire")).toContainText('<error type="ToolRejected">');
  await expect(page.getByTestId("approval")).toHaveCount(0);
});

test("limits: a lower tool budget is applied and hit", async ({ page }) => {
  await page.getByLabel("Tool calls per run").fill("2");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("status")).toContainText("limits applied");
  await expect(page.getByTestId("system-prompt")).toContainText("2", { useInnerText: false });
  await chooseExample(page, /^Fan-out/);
  await runAndWait(page);
  await expect(page.getByTestId("wire")).toContainText('<error type="ToolCallBudgetExceeded">');
});

test("drives the interpreter from a model behind an OpenAI-compatible endpoint (local mock)", async ({ page }) => {
  const requests: { messages: { role: string; content: string | null }[] }[] = [];
  const server: Server = createServer((request, response) => {
    response.setHeader("access-control-allow-origin", "*");
    response.setHeader("access-control-allow-headers", "content-type, authorization");
    if (request.method === "OPTIONS") return void response.end();
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const parsed = JSON.parse(body) as (typeof requests)[number];
      requests.push(parsed);
      const toolReply = parsed.messages.find((message) => message.role === "tool");
      const message = toolReply
        ? { role: "assistant", content: `The sandbox says ${toolReply.content}` }
        : {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "call_1", type: "function", function: { name: "eval", arguments: JSON.stringify({ code: "const w = await tools.getWeather({ city: 'Lisbon' }); w.tempC" }) } }],
          };
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ choices: [{ message }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    allowedOrigins.add(`http://127.0.0.1:${port}`);
    await page.getByText("Drive it with a model").click();
    await page.getByLabel("Endpoint").fill(`http://127.0.0.1:${port}/v1`);
    await page.getByLabel("API key").fill("test-key");
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(page.getByTestId("transcript")).toContainText("The sandbox says <result>19</result>");
    expect(requests[0]!.messages[0]!.role).toBe("system");
    expect(requests[0]!.messages[0]!.content).toContain("getWeather");
    await attachScreenshot(page, "model");
  } finally {
    server.close();
  }
});
