import { createInterpreter, type EvalResult } from "../src/index.js";

const code = document.querySelector<HTMLTextAreaElement>("#code")!;
const run = document.querySelector<HTMLButtonElement>("#run")!;
const thread = document.querySelector<HTMLInputElement>("#thread")!;
const wire = document.querySelector<HTMLPreElement>("#wire")!;
const status = document.querySelector<HTMLParagraphElement>("#status")!;

const interpreter = createInterpreter({ timeoutMs: 2000 });

function show(result: EvalResult): void {
  wire.textContent = result.text;
  status.textContent = `${result.status} in ${result.durationMs.toFixed(1)} ms${result.warnings ? ` — ${result.warnings.join("; ")}` : ""}`;
}

async function runCode(): Promise<void> {
  run.disabled = true;
  status.textContent = "running…";
  try {
    show(await (await interpreter).eval(code.value, { threadId: thread.value || "default" }));
  } catch (error) {
    status.textContent = `error: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    run.disabled = false;
  }
}

run.addEventListener("click", () => void runCode());
code.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    void runCode();
  }
});
