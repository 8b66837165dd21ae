import { a as QuickboxError, o as isQuickboxError } from "./snapshot-codec-CMGbdmR3.js";
import { s as pruneSnapshots } from "./store-contract-KEkTIkJy.js";
import { n as memoryStore, t as createInterpreter } from "./interpreter-DHUjrGnj.js";
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, interrupt } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
// src/adapters/langchain/agent-tools.ts
/**
* The agent's tools as quickbox tools: `ptc` entries resolved against the tools of the model
* call, their LangChain schemas turned into JSON Schema, and each call run with the LangChain
* config of the eval that made it (callbacks, signal, and the async context LangGraph reads).
* The deepagents `task` tool becomes the program's `task()`.
*/
function isAgentTool(value) {
	return typeof value === "object" && value !== null && typeof value.name === "string" && typeof value.invoke === "function";
}
/** The ptc tools for one model call: names looked up among the agent's tools, instances as given. */
function resolvePtcTools(ptc, agentTools) {
	const byName = new Map(agentTools.filter(isAgentTool).map((tool) => [tool.name, tool]));
	return ptc.map((entry) => {
		if (typeof entry !== "string") return entry;
		const found = byName.get(entry);
		if (!found) throw new QuickboxError("INVALID_OPTIONS", `createCodeInterpreterMiddleware: ptc lists "${entry}", but the agent has no such tool (it has: ${[...byName.keys()].join(", ") || "none"})`);
		return found;
	});
}
/** The deepagents `task` tool among the agent's tools, if any. */
function findTaskTool(agentTools) {
	return agentTools.filter(isAgentTool).find((tool) => tool.name === "task");
}
function inputSchemaOf(tool) {
	if (tool.schema === void 0 || tool.schema === null) return void 0;
	try {
		const schema = { ...toJsonSchema(tool.schema) };
		delete schema.$schema;
		return schema;
	} catch {
		return;
	}
}
/**
* The runtime a tool called from code sees: the eval tool's (graph state, store, context, writer,
* configurable) with its own tool call id, `ptc_<tool>_<eval call id>_<call id>`. There is no
* `toolCall` object, so the tool returns its plain output rather than a ToolMessage; the eval
* tool's run id is not reused.
*/
function childConfig(config, signal, toolName, callId) {
	const { toolCall: _toolCall, toolCallId: parentCallId, runId: _runId, runName: _runName, config: _nested, ...rest } = config ?? {};
	const toolCallId = `ptc_${toolName}_${String(parentCallId ?? "eval")}_${callId}`;
	return {
		...rest,
		signal,
		toolCallId,
		config: {
			...rest,
			signal,
			toolCallId
		}
	};
}
/** Runs `work` with `config` as LangChain's current config (what getCurrentTaskInput() and tools read). */
function runInContext(config, work) {
	return AsyncLocalStorageProviderSingleton.runWithConfig(config, () => work(config));
}
/** A tool's output as the program sees it: a ToolMessage's content, otherwise the value itself. */
function unwrapOutput(output) {
	if (typeof output === "object" && output !== null && "content" in output && "tool_call_id" in output) return output.content;
	return output;
}
function toToolDefinitions(tools, configFor) {
	return tools.map((tool) => {
		const inputSchema = inputSchemaOf(tool);
		return {
			name: tool.name,
			...tool.description ? { description: tool.description } : {},
			...inputSchema ? { inputSchema } : {},
			execute: async (input, context) => {
				return unwrapOutput(await runInContext(childConfig(configFor(context.threadId), context.signal, tool.name, context.callId), (child) => tool.invoke(input, child)));
			}
		};
	});
}
/** Subagent types listed by deepagents in the task tool's `subagent_type` description ("Available: a, b"). */
function subagentTypes(taskTool) {
	const described = inputSchemaOf(taskTool)?.properties?.subagent_type?.description ?? "";
	const listed = /Available:\s*(.+)$/.exec(described)?.[1];
	if (!listed) return [];
	return listed.split(",").map((name) => name.trim()).filter(Boolean).map((name) => ({
		name,
		description: `deepagents subagent "${name}"`
	}));
}
/** task() in the program → the agent's `task` tool, with the eval's config (so the subagent streams into the run). */
function taskDispatch(taskTool, configFor) {
	return {
		types: subagentTypes(taskTool),
		dispatch: async (request, context) => {
			return unwrapOutput(await runInContext(childConfig(configFor(context.threadId), context.signal, "task", context.callId), (child) => taskTool.invoke({
				description: request.description,
				subagent_type: request.subagentType
			}, child)));
		}
	};
}
// src/adapters/langchain/agent-interpreters.ts
/**
* The interpreter behind the middleware. Its tools are the agent's: they are known at each model
* call, so the interpreter is (re)created when the resolved tool set changes. Threads live in the
* snapshot store between runs (a store is always configured, `memoryStore()` by default), so a
* replaced interpreter's threads come back in the new one; the old one is disposed once idle.
*
* Also kept here: the LangChain config and stream writer of the eval running on each thread (the
* agent tools and subagents a program calls run with them), and the pause markers that tell a
* re-executed eval tool call (LangGraph re-runs the interrupted node on resume) from a new one.
*/
var MARKER_PREFIX = "lc-pause:";
var AgentInterpreters = class {
	store;
	#options;
	#contexts = /* @__PURE__ */ new Map();
	#latestSnapshot = /* @__PURE__ */ new Map();
	#current = null;
	#disposed = false;
	constructor(options) {
		this.#options = options;
		this.store = options.interpreter.store ?? memoryStore();
	}
	/** Called at every model call with the agent's tools: keeps the interpreter's tools in step. */
	syncTools(agentTools) {
		this.#ensure(resolvePtcTools(this.#options.ptc, agentTools), this.#options.subagents ? findTaskTool(agentTools) : void 0);
	}
	/** The current interpreter (made from the tool instances in `ptc` when no model call happened yet). */
	async run(threadId, context, work) {
		if (this.#disposed) throw new Error("createCodeInterpreterMiddleware: the middleware was disposed");
		if (!this.#current) this.#ensure(this.#options.ptc.filter((entry) => typeof entry !== "string"), void 0);
		const generation = this.#current;
		generation.running++;
		this.#contexts.set(threadId, context);
		try {
			return await work(await generation.interpreter);
		} finally {
			if (this.#contexts.get(threadId) === context) this.#contexts.delete(threadId);
			generation.running--;
			this.#disposeIfRetired(generation);
		}
	}
	async systemPrompt() {
		if (!this.#current) this.#ensure(this.#options.ptc.filter((entry) => typeof entry !== "string"), void 0);
		const prompt = (await this.#current.interpreter).systemPrompt();
		const custom = this.#options.systemPrompt;
		if (custom === void 0) return prompt;
		const sections = [prompt.indexOf("\n\nTools ("), prompt.indexOf("\n\nSubagents:")].filter((index) => index >= 0);
		return sections.length ? custom + prompt.slice(Math.min(...sections)) : custom;
	}
	latestSnapshotId(threadId) {
		return this.#latestSnapshot.get(threadId);
	}
	noteSnapshot(threadId, snapshotId) {
		this.#latestSnapshot.set(threadId, snapshotId);
	}
	async pauseMarker(threadId) {
		const bytes = await this.store.get(MARKER_PREFIX + threadId);
		return bytes ? JSON.parse(new TextDecoder().decode(bytes)) : void 0;
	}
	async setPauseMarker(threadId, marker) {
		const bytes = new TextEncoder().encode(JSON.stringify(marker));
		await this.store.put(MARKER_PREFIX + threadId, bytes, {
			sizeBytes: bytes.length,
			createdAt: Date.now(),
			threadId,
			kind: "log"
		});
	}
	async clearPauseMarker(threadId) {
		await this.store.delete(MARKER_PREFIX + threadId);
	}
	async dispose() {
		this.#disposed = true;
		const current = this.#current;
		this.#current = null;
		if (current) await (await current.interpreter.catch(() => null))?.dispose();
	}
	#ensure(tools, taskTool) {
		const configFor = (threadId) => this.#contexts.get(threadId)?.config;
		const definitions = toToolDefinitions(tools, configFor);
		const subagents = taskTool ? taskDispatch(taskTool, configFor) : void 0;
		const signature = JSON.stringify({
			tools: definitions.map((definition) => [
				definition.name,
				definition.description ?? "",
				definition.inputSchema ?? null
			]),
			subagents: subagents?.types ?? null
		});
		if (this.#current?.signature === signature) return;
		const previous = this.#current;
		const userOnEvent = this.#options.interpreter.onEvent;
		this.#current = {
			signature,
			running: 0,
			retired: false,
			disposed: false,
			interpreter: createInterpreter({
				...this.#options.interpreter,
				store: this.store,
				tools: definitions,
				...subagents ? { subagents } : {},
				onEvent: (event) => this.#onEvent(event, userOnEvent)
			})
		};
		if (previous) {
			previous.retired = true;
			this.#disposeIfRetired(previous);
		}
	}
	#onEvent(event, userOnEvent) {
		if (event.type === "snapshot") this.#latestSnapshot.set(event.threadId, event.snapshot.id);
		const threadId = "threadId" in event ? event.threadId : void 0;
		if (threadId !== void 0) try {
			this.#contexts.get(threadId)?.writer?.({ quickbox: event });
		} catch {}
		userOnEvent?.(event);
	}
	#disposeIfRetired(generation) {
		if (!generation.retired || generation.running > 0 || generation.disposed) return;
		generation.disposed = true;
		generation.interpreter.then((interpreter) => interpreter.dispose()).catch(() => {});
	}
};
// src/adapters/langchain/interrupt-payload.ts
/**
* What a paused program raises as a LangGraph interrupt, and how a `Command({ resume })` value
* becomes quickbox decisions. The payload uses the shape of LangChain's human-in-the-loop
* middleware (`actionRequests` / `reviewConfigs`), so UIs built for it show quickbox pauses too,
* and carries the quickbox interrupts themselves.
*/
function interruptPayload(threadId, interrupts) {
	return {
		actionRequests: interrupts.map((interrupt) => ({
			name: interrupt.kind === "task" ? "task" : interrupt.name,
			args: interrupt.args,
			description: `The program called ${interrupt.kind === "task" ? "task()" : `tools.${interrupt.name}`} and waits for a decision.`,
			id: interrupt.id
		})),
		reviewConfigs: interrupts.map((interrupt) => ({
			actionName: interrupt.name,
			allowedDecisions: interrupt.allowedDecisions
		})),
		quickbox: {
			threadId,
			interrupts
		}
	};
}
var DECISION_TYPES = /* @__PURE__ */ new Set([
	"approve",
	"edit",
	"reject",
	"respond"
]);
function isObject(value) {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
/** A decision in quickbox's shape, or in the human-in-the-loop middleware's (edit → editedAction.args). */
function toDecision(value) {
	if (!isObject(value) || typeof value.type !== "string" || !DECISION_TYPES.has(value.type)) throw new QuickboxError("INVALID_OPTIONS", `a resume decision must be { type: "approve" | "edit" | "reject" | "respond", … }, got ${JSON.stringify(value)}`);
	if (value.type === "edit") {
		const editedAction = value.editedAction;
		return {
			type: "edit",
			args: "args" in value ? value.args : isObject(editedAction) ? editedAction.args : void 0
		};
	}
	if (value.type === "reject") return {
		type: "reject",
		...typeof value.message === "string" ? { message: value.message } : {}
	};
	if (value.type === "respond") return {
		type: "respond",
		value: value.value
	};
	return { type: "approve" };
}
/**
* Accepted resume values: `{ [interruptId]: decision }`; `{ decisions: [decision, …] }` in the
* order of the pending interrupts (the human-in-the-loop middleware's shape); or one decision
* for every pending interrupt.
*/
function decisionsFromResume(resume, pending) {
	if (isObject(resume) && Array.isArray(resume.decisions)) {
		const list = resume.decisions;
		if (list.length > pending.length) throw new QuickboxError("INVALID_OPTIONS", `${list.length} decisions for ${pending.length} pending interrupt(s)`);
		return Object.fromEntries(list.map((decision, index) => [pending[index].id, toDecision(decision)]));
	}
	if (isObject(resume) && typeof resume.type === "string") {
		const decision = toDecision(resume);
		return Object.fromEntries(pending.map((interrupt) => [interrupt.id, decision]));
	}
	if (isObject(resume)) return Object.fromEntries(Object.entries(resume).map(([id, decision]) => [id, toDecision(decision)]));
	throw new QuickboxError("INVALID_OPTIONS", `resume with { [interruptId]: decision }, { decisions: [...] } or one decision; got ${JSON.stringify(resume)}`);
}
// src/adapters/langchain/middleware-options.ts
/**
* Options of the LangChain middleware: every createInterpreter option, plus the option names of
* `@langchain/quickjs` as aliases, so switching is a one-line change. Giving both names of one
* option is INVALID_OPTIONS.
*/
var ALIASES = [["executionTimeoutMs", "timeoutMs"], ["maxPtcCalls", "maxToolCalls"]];
var TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
function invalid(message) {
	throw new QuickboxError("INVALID_OPTIONS", `createCodeInterpreterMiddleware: ${message}`);
}
function resolveMiddlewareOptions(input = {}) {
	if (typeof input !== "object" || input === null) invalid("options must be an object");
	const { ptc = [], toolName = "eval", systemPrompt, subagents = true, ...rest } = input;
	const interpreter = { ...rest };
	for (const [alias, name] of ALIASES) {
		const aliasValue = interpreter[alias];
		delete interpreter[alias];
		if (aliasValue === void 0) continue;
		if (interpreter[name] !== void 0) invalid(`${alias} and ${name} are the same option; give one of them`);
		interpreter[name] = aliasValue;
	}
	if ("tools" in input) invalid("tools come from the agent: list their names (or the tools) in `ptc`");
	if (!Array.isArray(ptc)) invalid("ptc must be an array of tool names or tools");
	for (const entry of ptc) {
		const name = typeof entry === "string" ? entry : entry?.name;
		if (typeof name !== "string" || typeof entry !== "string" && typeof entry.invoke !== "function") invalid("each ptc entry must be a tool name or a tool with a name and invoke()");
		if (name === "task") invalid("the \"task\" tool cannot be listed in ptc: the program calls subagents through task()");
	}
	if (typeof toolName !== "string" || !TOOL_NAME_PATTERN.test(toolName)) invalid(`toolName must match ${TOOL_NAME_PATTERN}`);
	if (ptc.some((entry) => (typeof entry === "string" ? entry : entry.name) === toolName)) invalid(`ptc cannot list the middleware's own tool "${toolName}"`);
	if (systemPrompt !== void 0 && typeof systemPrompt !== "string") invalid("systemPrompt must be a string");
	if (typeof subagents !== "boolean") invalid("subagents must be true or false here (the agent's task tool is used)");
	return {
		ptc,
		toolName,
		systemPrompt,
		subagents,
		interpreter
	};
}
// src/adapters/langchain/code-interpreter-middleware.ts
/**
* `createCodeInterpreterMiddleware(options)` for LangChain.js v1 `createAgent({ middleware })` and
* deepagents `createDeepAgent({ middleware })`: one tool (`eval` by default) that runs a program in
* the thread of the LangGraph `thread_id`, and the interpreter's rules appended to the system message.
*
* Approval: a program that calls a tool named in `interruptOn` pauses durably; the eval tool then
* raises a LangGraph `interrupt()`. On `Command({ resume })` LangGraph runs the eval tool again
* with the same tool call id: a pause marker in the store recognises it, and the paused program is
* resumed from its snapshot, not run again, so what it did before the pause happens once.
*/
var EVAL_DESCRIPTION = "Run a JavaScript/TypeScript program in a persistent sandbox (state survives between calls in this conversation). Call the listed tools from code as `await tools.name(input)`; return only a compact result. The system message describes the rules.";
function escapeText(text) {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function threadIdOf(runtime) {
	const id = runtime.configurable?.thread_id ?? runtime.config?.configurable?.thread_id;
	return id === void 0 || id === null ? "default" : String(id);
}
/**
* Time travel: the graph state records the snapshot id of the interpreter state it had. When it
* is not the thread's latest (a replayed or forked checkpoint), the thread is moved to it first.
*/
async function followCheckpoint(agent, interpreter, threadId, recorded) {
	if (!recorded || recorded === agent.latestSnapshotId(threadId)) return;
	await interpreter.checkout(threadId, recorded);
	agent.noteSnapshot(threadId, recorded);
	await agent.clearPauseMarker(threadId);
}
/** Runs the program, or — when LangGraph re-runs an interrupted call — continues the paused one. */
async function runOrResume(agent, interpreter, code, threadId, toolCallId, signal, recordedSnapshotId) {
	const marker = await agent.pauseMarker(threadId);
	let resumesApplied = 0;
	let result;
	if (marker && marker.toolCallId === toolCallId) {
		for (let applied = 0; applied < marker.resumesApplied; applied++) interrupt(null);
		const pending = (await interpreter.threads()).find((info) => info.threadId === threadId)?.interrupts ?? [];
		const resumeValue = interrupt(interruptPayload(threadId, pending));
		resumesApplied = marker.resumesApplied + 1;
		await agent.setPauseMarker(threadId, {
			toolCallId,
			resumesApplied
		});
		result = await interpreter.resume(threadId, decisionsFromResume(resumeValue, pending), signal ? { signal } : {});
	} else {
		await followCheckpoint(agent, interpreter, threadId, recordedSnapshotId);
		result = await interpreter.eval(code, {
			threadId,
			...signal ? { signal } : {}
		});
	}
	if (result.status === "paused") {
		await agent.setPauseMarker(threadId, {
			toolCallId,
			resumesApplied
		});
		interrupt(interruptPayload(threadId, result.interrupts ?? []));
	}
	await agent.clearPauseMarker(threadId);
	return result;
}
function createCodeInterpreterMiddleware(options = {}) {
	const resolved = resolveMiddlewareOptions(options);
	const agent = new AgentInterpreters(resolved);
	const evalTool = tool(async (input, runtime) => {
		if (typeof input?.code !== "string") throw new Error(`${resolved.toolName} needs { code: string }`);
		const threadId = threadIdOf(runtime);
		const toolCallId = runtime.toolCallId ?? runtime.toolCall?.id ?? "";
		const context = {
			config: runtime,
			...runtime.writer ? { writer: runtime.writer } : {}
		};
		let text;
		try {
			const recorded = runtime.state?._quickboxSnapshotId;
			text = (await agent.run(threadId, context, (interpreter) => runOrResume(agent, interpreter, input.code, threadId, toolCallId, runtime.signal, typeof recorded === "string" ? recorded : void 0))).text;
		} catch (error) {
			if (isQuickboxError(error) && error.code === "THREAD_PAUSED") text = `<error type="ThreadPaused">this conversation's program is paused, waiting for a decision on an earlier call; resume the run with Command({ resume }) first</error>`;
			else if (isQuickboxError(error) && error.code === "SNAPSHOT_REJECTED") text = `<error type="SnapshotError">the interpreter state of this checkpoint cannot be restored: ${escapeText(error.message)}</error>`;
			else throw error;
		}
		const snapshotId = agent.latestSnapshotId(threadId);
		if (!toolCallId) return text;
		return new Command({ update: {
			messages: [new ToolMessage({
				content: text,
				tool_call_id: toolCallId,
				name: resolved.toolName
			})],
			...snapshotId ? { _quickboxSnapshotId: snapshotId } : {}
		} });
	}, {
		name: resolved.toolName,
		description: EVAL_DESCRIPTION,
		schema: {
			type: "object",
			properties: { code: {
				type: "string",
				description: "The program. The value of its last expression is the result."
			} },
			required: ["code"],
			additionalProperties: false
		}
	});
	const middleware = createMiddleware({
		name: "CodeInterpreterMiddleware",
		stateSchema: z.object({ _quickboxSnapshotId: z.string().optional() }),
		tools: [evalTool],
		wrapModelCall: async (request, handler) => {
			agent.syncTools(request.tools);
			return handler({
				...request,
				systemMessage: request.systemMessage.concat(await agent.systemPrompt())
			});
		}
	});
	const prune = async ({ checkpointer, keep = [], ...rest } = {}) => {
		const referenced = new Set(keep);
		if (checkpointer) for await (const tuple of checkpointer.list({})) {
			const id = tuple.checkpoint.channel_values?._quickboxSnapshotId;
			if (typeof id === "string") referenced.add(id);
		}
		return pruneSnapshots(agent.store, {
			...rest,
			keep: [...referenced]
		});
	};
	return Object.assign(middleware, {
		latestSnapshotId: (threadId) => agent.latestSnapshotId(threadId),
		prune,
		dispose: () => agent.dispose()
	});
}
export { createCodeInterpreterMiddleware };
