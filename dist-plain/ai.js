import { t as createInterpreter } from "./interpreter-DHUjrGnj.js";
import { a as QuickboxError, o as isQuickboxError } from "./snapshot-codec-CMGbdmR3.js";
import { asSchema, jsonSchema, tool } from "ai";
// src/adapters/ai/code-input.ts
/** The code tool's input: `{ code: string }`, checked both by the AI SDK and in `execute`. */
function inputProblem(input) {
	if (typeof input !== "object" || input === null || Array.isArray(input)) return `input must be an object { code: string }, got ${describe(input)}`;
	const code = input.code;
	if (typeof code !== "string") return `code must be a string, got ${describe(code)}`;
}
function describe(value) {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value;
}
var codeInputSchema = jsonSchema({
	type: "object",
	properties: { code: {
		type: "string",
		description: "The JavaScript or TypeScript program to run."
	} },
	required: ["code"],
	additionalProperties: false
}, { validate(value) {
	const problem = inputProblem(value);
	return problem ? {
		success: false,
		error: /* @__PURE__ */ new TypeError(`code tool: ${problem}`)
	} : {
		success: true,
		value
	};
} });
/** The program text, or QuickboxError INVALID_OPTIONS naming what is wrong. */
function readCode(input) {
	const problem = inputProblem(input);
	if (problem) throw new QuickboxError("INVALID_OPTIONS", `code tool: ${problem}`);
	return input.code;
}
// src/adapters/ai/code-output.ts
function toCodeToolOutput(threadId, result) {
	return {
		status: result.status,
		text: result.text,
		threadId,
		...result.status === "ok" ? { value: result.value } : {},
		...result.error ? { error: {
			type: result.error.type,
			message: result.error.message
		} } : {},
		...result.interrupts ? { interrupts: result.interrupts } : {}
	};
}
function renderArgs(args) {
	try {
		return JSON.stringify(args) ?? "undefined";
	} catch {
		return String(args);
	}
}
/**
* The wire text; for a paused program also which calls wait, and that the program must not be run
* again: it continues where it stopped once the user has decided.
*/
function modelText(output) {
	if (output.status !== "paused") return output.text;
	const calls = (output.interrupts ?? []).map((interrupt) => `- ${interrupt.name} ${renderArgs(interrupt.args)}`);
	return [
		output.text,
		`The program is paused and waits for the user's decision on:`,
		...calls,
		`Do not run it again: once the user has decided, it continues where it stopped (thread "${output.threadId}") and its result follows.`
	].join("\n");
}
// src/adapters/ai/conditional-approval.ts
/** After this many automatic rounds the pause is handed to the app as it is. */
var MAX_AUTOMATIC_APPROVAL_ROUNDS = 1e3;
async function needsApproval(predicate, args, interruptId, scope) {
	try {
		return await predicate(args, {
			toolCallId: interruptId,
			...scope
		}) !== false;
	} catch {
		return true;
	}
}
async function approveClearedCalls(interpreter, threadId, first, predicates, scope, signal) {
	if (predicates.size === 0) return first;
	const asked = /* @__PURE__ */ new Map();
	let result = first;
	for (let round = 0; result.status === "paused" && round < MAX_AUTOMATIC_APPROVAL_ROUNDS; round++) {
		const cleared = {};
		for (const interrupt of result.interrupts ?? []) {
			const predicate = interrupt.kind === "tool" ? predicates.get(interrupt.name) : void 0;
			if (!predicate || !interrupt.allowedDecisions.includes("approve")) continue;
			if (!asked.has(interrupt.id)) asked.set(interrupt.id, await needsApproval(predicate, interrupt.args, interrupt.id, scope));
			if (asked.get(interrupt.id) === false) cleared[interrupt.id] = { type: "approve" };
		}
		if (Object.keys(cleared).length === 0) break;
		result = await interpreter.resume(threadId, cleared, signal ? { signal } : void 0);
	}
	return result;
}
// src/adapters/ai/tool-scope.ts
function scopeOf(options) {
	return {
		messages: options?.messages ?? [],
		...options && "experimental_context" in options ? { experimental_context: options.experimental_context } : {}
	};
}
function executionOptions(scope, toolCallId, abortSignal) {
	return {
		toolCallId,
		messages: scope?.messages ?? [],
		abortSignal,
		...scope && "experimental_context" in scope ? { experimental_context: scope.experimental_context } : {}
	};
}
// src/adapters/ai/tool-schema.ts
function isIssueList(value) {
	return Array.isArray(value) && value.every((issue) => typeof issue === "object" && issue !== null && typeof issue.message === "string");
}
/** zod errors carry `issues`; the AI SDK's TypeValidationError carries Standard Schema issues as `cause`. */
function issuesOf(error) {
	if (typeof error === "object" && error !== null) {
		const { issues, cause } = error;
		if (isIssueList(issues)) return issues;
		if (isIssueList(cause)) return cause;
	}
	return [{ message: error instanceof Error ? error.message : String(error) }];
}
async function jsonSchemaOf(schema) {
	return await asSchema(schema).jsonSchema;
}
async function toToolSchema(schema) {
	const aiSchema = asSchema(schema);
	const json = await aiSchema.jsonSchema;
	const check = aiSchema.validate?.bind(aiSchema);
	if (!check) return json;
	return { "~standard": {
		version: 1,
		vendor: "quickbox-ai-sdk",
		async validate(value) {
			const result = await check(value);
			return result.success ? { value: result.value } : { issues: issuesOf(result.error) };
		},
		jsonSchema: {
			input: () => json,
			output: () => json
		}
	} };
}
// src/adapters/ai/convert-tools.ts
function isAsyncIterable(value) {
	return typeof value === "object" && value !== null && typeof value[Symbol.asyncIterator] === "function";
}
/** A tool that streams preliminary results (an async iterable) ends with its last one, as in the AI SDK. */
async function finalOutput(output) {
	if (!isAsyncIterable(output)) return output;
	let last;
	for await (const value of output) last = value;
	return last;
}
async function toDefinition(name, tool, scopes) {
	return {
		name,
		...tool.description !== void 0 ? { description: tool.description } : {},
		inputSchema: await toToolSchema(tool.inputSchema),
		...tool.outputSchema !== void 0 ? { outputSchema: await jsonSchemaOf(tool.outputSchema) } : {},
		execute: async (input, context) => finalOutput(await tool.execute(input, executionOptions(scopes.get(context.threadId), context.callId, context.signal)))
	};
}
async function convertTools(tools, scopes) {
	const interruptOn = {};
	const approvalPredicates = /* @__PURE__ */ new Map();
	for (const [name, tool] of tools) {
		if (tool.needsApproval === true) interruptOn[name] = true;
		if (typeof tool.needsApproval === "function") {
			interruptOn[name] = true;
			approvalPredicates.set(name, tool.needsApproval);
		}
	}
	return {
		definitions: await Promise.all(tools.map(([name, tool]) => toDefinition(name, tool, scopes))),
		interruptOn,
		approvalPredicates
	};
}
// src/adapters/ai/description.ts
/** The name the program uses (DESIGN.md §3): each run of `-`/`_` before a letter or digit is dropped and that character upper-cased. */
function programToolName(name) {
	return name.replace(/[-_]+([A-Za-z0-9])/g, (_, next) => next.toUpperCase());
}
function firstLine(text) {
	return (text ?? "").trim().split("\n")[0] ?? "";
}
function toolLine(name, description, needsApproval) {
	const notes = [firstLine(description), needsApproval ? "may pause the program until the user approves" : ""].filter(Boolean);
	return `- tools.${programToolName(name)}(input)${notes.length ? `: ${notes.join("; ")}` : ""}`;
}
function defaultDescription(aiTools, quickboxTools) {
	const tools = [...aiTools.map(([name, tool]) => toolLine(name, tool.description, Boolean(tool.needsApproval))), ...quickboxTools.map((tool) => toolLine(tool.name, tool.description, false))];
	const lines = ["Run a JavaScript/TypeScript program in a persistent sandbox. Write one short program instead of many single steps: call tools from code with `await tools.<name>(input)` (Promise.all for parallel calls), loop, branch and return only what matters. The value of the last expression is the result; top-level declarations persist to the next call; console.log output is returned too."];
	if (tools.length) lines.push("Tools:", ...tools);
	return lines.join("\n");
}
// src/adapters/ai/keyed-queue.ts
function keyedQueue() {
	const tails = /* @__PURE__ */ new Map();
	return { run(key, task) {
		const next = (tails.get(key) ?? Promise.resolve()).then(() => task());
		const tail = next.catch(() => void 0);
		tails.set(key, tail);
		tail.then(() => {
			if (tails.get(key) === tail) tails.delete(key);
		});
		return next;
	} };
}
// src/adapters/ai/lazy-interpreter.ts
/** The code tool's interpreter: created on first use, shared afterwards, disposable once. */
function lazyInterpreter(create) {
	let created;
	let disposed = false;
	return {
		async get() {
			if (disposed) throw new QuickboxError("DISPOSED", "this code tool was disposed");
			created ??= create().catch((error) => {
				created = void 0;
				throw error;
			});
			return created;
		},
		async dispose() {
			disposed = true;
			const pending = created;
			created = void 0;
			await (await pending?.catch(() => void 0))?.dispose();
		}
	};
}
// src/adapters/ai/tool-set.ts
function isPlainObject(value) {
	if (typeof value !== "object" || value === null) return false;
	const prototype = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === null;
}
/** The tools as [name, tool] pairs; throws QuickboxError (INVALID_OPTIONS, INVALID_TOOL) for what a program could not call. */
function checkToolSet(tools) {
	if (tools === void 0) return [];
	if (Array.isArray(tools)) throw new QuickboxError("INVALID_OPTIONS", "createCodeTool: tools must be an object of AI SDK tools ({ name: tool() }), got an array");
	if (!isPlainObject(tools)) throw new QuickboxError("INVALID_OPTIONS", `createCodeTool: tools must be an object of AI SDK tools ({ name: tool() }), got ${tools === null ? "null" : typeof tools}`);
	return Object.entries(tools).map(([name, candidate]) => {
		if (typeof candidate !== "object" || candidate === null) throw new QuickboxError("INVALID_TOOL", `createCodeTool: tools.${name} must be an AI SDK tool, got ${candidate === null ? "null" : typeof candidate}`);
		if (candidate.type === "provider") throw new QuickboxError("INVALID_TOOL", `createCodeTool: tools.${name} is a provider-executed tool; a program can only call tools with an execute function`);
		if (typeof candidate.execute !== "function") throw new QuickboxError("INVALID_TOOL", `createCodeTool: tools.${name} has no execute function, so a program cannot call it`);
		return [name, candidate];
	});
}
// src/adapters/ai/code-tool.ts
/**
* createCodeTool: one AI SDK tool, `{ code }`, that runs the model's program in a quickbox
* interpreter whose `tools` are the given AI SDK tools. A call that needs approval pauses the
* program durably; the tool returns the pause, and `resume` continues the same program later.
*/
var asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");
function threadIdResolver(option) {
	if (typeof option === "function") return option;
	if (option !== void 0 && typeof option !== "string") throw new QuickboxError("INVALID_OPTIONS", "createCodeTool: threadId must be a string or a function of the tool call");
	const fixed = option ?? `code-${crypto.randomUUID()}`;
	return () => fixed;
}
/** A model calling the code tool while its thread waits for a decision gets a message it can act on. */
function pausedThreadError(threadId) {
	return new QuickboxError("THREAD_PAUSED", `The previous program (thread "${threadId}") is still paused waiting for the user's decision; no new code can run in this thread until the user has decided.`);
}
function createCodeTool(options = {}) {
	const { tools, quickboxTools = [], threadId, description, ...interpreterOptions } = options;
	const toolList = checkToolSet(tools);
	if (!Array.isArray(quickboxTools)) throw new QuickboxError("INVALID_OPTIONS", "createCodeTool: quickboxTools must be an array of quickbox ToolDefinitions");
	const resolveThreadId = threadIdResolver(threadId);
	const scopes = /* @__PURE__ */ new Map();
	const queue = keyedQueue();
	let approvalPredicates = /* @__PURE__ */ new Map();
	const interpreter = lazyInterpreter(async () => {
		const converted = await convertTools(toolList, scopes);
		approvalPredicates = converted.approvalPredicates;
		return createInterpreter({
			...interpreterOptions,
			tools: [...converted.definitions, ...quickboxTools],
			interruptOn: {
				...converted.interruptOn,
				...interpreterOptions.interruptOn
			}
		});
	});
	/** Runs `step` in the thread with its tool-call scope set, then approves the calls a needsApproval function clears. */
	const inThread = (id, scope, signal, step) => queue.run(id, async () => {
		const qb = await interpreter.get();
		scopes.set(id, scope);
		try {
			return toCodeToolOutput(id, await approveClearedCalls(qb, id, await step(qb), approvalPredicates, scope, signal));
		} finally {
			scopes.delete(id);
		}
	});
	const execute = async (input, call) => {
		const code = readCode(input);
		const id = resolveThreadId(call);
		const signal = call.abortSignal;
		try {
			return await inThread(id, scopeOf(call), signal, (qb) => qb.eval(code, {
				threadId: id,
				...signal ? { signal } : {}
			}));
		} catch (error) {
			if (isQuickboxError(error) && error.code === "THREAD_PAUSED") throw pausedThreadError(id);
			throw error;
		}
	};
	const controls = {
		resume: (id, decisions, resumeOptions) => {
			const signal = resumeOptions?.signal;
			return inThread(id, scopeOf(resumeOptions), signal, (qb) => qb.resume(id, decisions, signal ? { signal } : void 0));
		},
		async pending() {
			return (await (await interpreter.get()).threads()).filter((thread) => thread.state === "paused").map((thread) => ({
				threadId: thread.threadId,
				interrupts: thread.interrupts ?? []
			}));
		},
		systemPrompt: async () => (await interpreter.get()).systemPrompt(),
		interpreter: () => interpreter.get(),
		dispose: () => interpreter.dispose(),
		[asyncDispose]: () => interpreter.dispose()
	};
	const codeTool = tool({
		description: description ?? defaultDescription(toolList, quickboxTools),
		inputSchema: codeInputSchema,
		execute,
		toModelOutput: ({ output }) => ({
			type: "text",
			value: modelText(output)
		})
	});
	return Object.assign(codeTool, controls);
}
// src/adapters/ai/resumed-message.ts
function resumedProgramMessage(output) {
	return {
		role: "user",
		content: `The paused program (thread "${output.threadId}") continued after my decision:\n${modelText(output)}`
	};
}
export { createCodeTool, resumedProgramMessage };
