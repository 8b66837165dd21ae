import { a as Inbox, c as renderWire, l as detectRuntime, o as createEngine, r as isWorkerToHost, s as SerialQueues, t as listen, u as MIN_MEMORY_BYTES } from "./port-listener-cvVA4Qrt.js";
import { a as QuickboxError, o as isQuickboxError, r as readSnapshotHeader } from "./snapshot-codec-CMGbdmR3.js";
import { a as encodeJson, c as readHeads, i as decodeJson, n as LOG_PREFIX, o as isSnapshotStore, r as SNAPSHOT_PREFIX, s as pruneSnapshots, t as HEAD_PREFIX } from "./store-contract-KEkTIkJy.js";
import { parse } from "acorn";
import { transform } from "sucrase";
import { stringify } from "devalue";
import { Validator } from "@cfworker/json-schema";
import * as Comlink from "comlink";
// src/host/guest-encoding.ts
/**
* Host values going into the guest (tool and task results): JSON when the value is plain JSON
* data (the guest parses it natively), devalue otherwise (Map, Set, Date, BigInt, undefined,
* NaN, cycles). Class instances arrive as plain objects; functions and symbols cannot be sent.
*/
var PayloadError = class extends Error {
	name = "PayloadError";
};
function isJsonData(value, depth, seen) {
	switch (typeof value) {
		case "string":
		case "boolean": return true;
		case "number": return Number.isFinite(value) && !Object.is(value, -0);
		case "object": {
			if (value === null) return true;
			if (depth > 64 || seen.has(value)) return false;
			seen.add(value);
			let ok;
			if (Array.isArray(value)) ok = value.length === Object.keys(value).length && value.every((item) => isJsonData(item, depth + 1, seen));
			else {
				const proto = Object.getPrototypeOf(value);
				ok = (proto === Object.prototype || proto === null) && Object.getOwnPropertySymbols(value).length === 0 && Object.values(value).every((item) => isJsonData(item, depth + 1, seen));
			}
			seen.delete(value);
			return ok;
		}
		default: return false;
	}
}
function utf8Length(text) {
	return new TextEncoder().encode(text).length;
}
/** Encodes `value` for the guest, or throws PayloadError (too large, or not data). */
function encodeForGuest(value, maxBytes) {
	if (value === void 0) return {};
	let text;
	let encoding;
	if (isJsonData(value, 0, /* @__PURE__ */ new Set())) {
		text = JSON.stringify(value);
		encoding = "json";
	} else {
		try {
			text = stringify(value, { Obj: (candidate) => {
				if (typeof candidate !== "object" || candidate === null || Array.isArray(candidate)) return void 0;
				const proto = Object.getPrototypeOf(candidate);
				if (proto === Object.prototype || proto === null) return void 0;
				if (candidate instanceof Map || candidate instanceof Set || candidate instanceof Date || candidate instanceof RegExp) return void 0;
				if (ArrayBuffer.isView(candidate) || candidate instanceof ArrayBuffer) return void 0;
				if (candidate instanceof Error) return {
					name: candidate.name,
					message: candidate.message
				};
				return { ...candidate };
			} });
		} catch (error) {
			throw new PayloadError(`the value cannot be sent to the program: ${error.message}`);
		}
		encoding = "devalue";
	}
	if (text.length > maxBytes || text.length * 3 > maxBytes && utf8Length(text) > maxBytes) throw new PayloadError(`the value is larger than maxToolPayloadBytes (${maxBytes} bytes)`);
	return {
		value: text,
		encoding
	};
}
function payloadTooLarge(text, maxBytes) {
	return text.length > maxBytes || text.length * 3 > maxBytes && utf8Length(text) > maxBytes;
}
// src/host/schema.ts
/**
* Tool and response schemas: JSON Schema (validated with @cfworker/json-schema, which generates no
* code, so it runs on workerd too), or any Standard Schema (zod v4, valibot, arktype, …). A Standard
* Schema that also implements the Standard JSON Schema interface (zod 4.2+) is rendered in the
* system prompt from its JSON Schema.
*/
function isStandardSchema(value) {
	if (typeof value !== "object" && typeof value !== "function" || value === null) return false;
	const standard = value["~standard"];
	return typeof standard === "object" && standard !== null && typeof standard.validate === "function";
}
var JSON_TYPES = /* @__PURE__ */ new Set([
	"string",
	"number",
	"integer",
	"boolean",
	"object",
	"array",
	"null"
]);
/** Structural sanity checks; returns a reason, or null when the schema looks usable. */
function jsonSchemaProblem(schema, path = "schema") {
	if (typeof schema === "boolean") return null;
	if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return `${path} must be an object or a boolean`;
	const record = schema;
	const type = record.type;
	if (type !== void 0) {
		if (!(Array.isArray(type) ? type : [type]).every((t) => typeof t === "string" && JSON_TYPES.has(t))) return `${path}.type must be a JSON Schema type name, got ${JSON.stringify(type)}`;
	}
	if (record.properties !== void 0) {
		if (typeof record.properties !== "object" || record.properties === null || Array.isArray(record.properties)) return `${path}.properties must be an object`;
		for (const [key, child] of Object.entries(record.properties)) {
			const problem = jsonSchemaProblem(child, `${path}.properties.${key}`);
			if (problem) return problem;
		}
	}
	if (record.required !== void 0 && !(Array.isArray(record.required) && record.required.every((r) => typeof r === "string"))) return `${path}.required must be an array of property names`;
	if (record.items !== void 0 && !Array.isArray(record.items)) {
		const problem = jsonSchemaProblem(record.items, `${path}.items`);
		if (problem) return problem;
	}
	for (const key of [
		"anyOf",
		"oneOf",
		"allOf"
	]) {
		if (record[key] === void 0) continue;
		if (!Array.isArray(record[key])) return `${path}.${key} must be an array`;
		for (const [index, child] of record[key].entries()) {
			const problem = jsonSchemaProblem(child, `${path}.${key}[${index}]`);
			if (problem) return problem;
		}
	}
	if (record.enum !== void 0 && !Array.isArray(record.enum)) return `${path}.enum must be an array`;
	return null;
}
function draftOf(schema) {
	const uri = typeof schema === "object" ? String(schema.$schema ?? "") : "";
	if (uri.includes("draft-04")) return "4";
	if (uri.includes("draft-07") || uri.includes("draft-06")) return "7";
	if (uri.includes("2019-09")) return "2019-09";
	return "2020-12";
}
/** "#/items/2/id" → "items[2].id" */
function readablePath(instanceLocation) {
	return instanceLocation.replace(/^#\/?/, "").split("/").filter(Boolean).map((part) => decodeURIComponent(part.replace(/~1/g, "/").replace(/~0/g, "~"))).reduce((path, part) => /^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part, "");
}
function jsonSchemaAdapter(schema) {
	const validator = new Validator(schema, draftOf(schema), false);
	return {
		jsonSchema: schema,
		async validate(value) {
			const result = validator.validate(value);
			if (result.valid) return {
				ok: true,
				value
			};
			const leaves = result.errors.filter((error) => ![
				"properties",
				"allOf",
				"items",
				"$ref"
			].includes(error.keyword));
			return {
				ok: false,
				issues: (leaves.length ? leaves : result.errors).map((error) => ({
					path: readablePath(error.instanceLocation),
					message: error.error
				}))
			};
		}
	};
}
function standardPath(path) {
	if (!path) return "";
	return path.map((segment) => typeof segment === "object" ? segment.key : segment).reduce((text, key) => typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key), "");
}
function standardJsonSchema(schema) {
	const converter = schema["~standard"].jsonSchema;
	if (!converter || typeof converter.input !== "function") return void 0;
	try {
		return converter.input({ target: "draft-2020-12" });
	} catch {
		return;
	}
}
function standardAdapter(schema) {
	return {
		jsonSchema: standardJsonSchema(schema),
		async validate(value) {
			const result = await schema["~standard"].validate(value);
			if (!result.issues) return {
				ok: true,
				value: result.value
			};
			return {
				ok: false,
				issues: result.issues.map((issue) => ({
					path: standardPath(issue.path),
					message: issue.message
				}))
			};
		}
	};
}
/** Throws an Error with the reason when `schema` is neither a JSON Schema nor a Standard Schema. */
function adaptSchema(schema) {
	if (isStandardSchema(schema)) return standardAdapter(schema);
	const problem = jsonSchemaProblem(schema);
	if (problem) throw new Error(problem);
	return jsonSchemaAdapter(schema);
}
function describeIssues(issues) {
	return issues.slice(0, 5).map((issue) => issue.path ? `${issue.path}: ${issue.message}` : issue.message).join("; ");
}
// src/host/call-executor.ts
var ResultBatcher = class {
	sink;
	#pending = [];
	#scheduled = false;
	constructor(sink) {
		this.sink = sink;
	}
	push(result) {
		this.#pending.push(result);
		if (this.#scheduled) return;
		this.#scheduled = true;
		queueMicrotask(() => {
			this.#scheduled = false;
			const batch = this.#pending;
			this.#pending = [];
			if (batch.length) this.sink(batch);
		});
	}
};
/** Longest tool error message handed to the program (the rest is cut, and the cut is marked). */
function boundedMessage(message, maxChars) {
	return message.length <= maxChars ? message : `${message.slice(0, maxChars)}… [truncated ${message.length - maxChars} chars]`;
}
/**
* The message of whatever a tool threw. Tools may throw anything: null-prototype objects,
* proxies whose traps throw, objects whose `message` getter or `toString` throws. None of that
* may escape as a host exception (the call would never settle).
*/
function errorMessage(error) {
	try {
		if (error instanceof Error) return String(error.message);
		if (typeof error === "object" && error !== null && typeof error.message === "string") return error.message;
		return String(error);
	} catch {
		try {
			return Object.prototype.toString.call(error);
		} catch {
			return "the tool threw a value that cannot be described";
		}
	}
}
var CallExecutor = class {
	tools;
	subagents;
	options;
	constructor(tools, subagents, options) {
		this.tools = tools;
		this.subagents = subagents;
		this.options = options;
	}
	/** Starts every call; results reach `sink` in batches. */
	run(calls, scope, sink) {
		const batcher = new ResultBatcher(sink);
		for (const call of calls) this.#runOne(call, scope).catch((error) => ({
			id: call.id,
			ok: false,
			error: {
				name: call.kind === "task" ? "TaskError" : "ToolError",
				message: `${call.name} failed on the host: ${errorMessage(error)}`
			}
		})).then((result) => batcher.push(result));
	}
	#emit(event) {
		try {
			this.options.onEvent?.(event);
		} catch {}
	}
	async #runOne(call, scope) {
		const fail = (error) => ({
			id: call.id,
			ok: false,
			error
		});
		if (payloadTooLarge(call.args, this.options.maxToolPayloadBytes)) return fail({
			name: call.kind === "task" ? "TaskError" : "ToolInputError",
			message: `${call.name}: the arguments are larger than maxToolPayloadBytes (${this.options.maxToolPayloadBytes} bytes)`
		});
		let args;
		try {
			args = JSON.parse(call.args);
		} catch {
			return fail({
				name: "ToolInputError",
				message: `${call.name}: the arguments are not valid JSON`
			});
		}
		const context = {
			threadId: scope.threadId,
			callId: call.id,
			signal: scope.signal
		};
		return call.kind === "task" ? this.#runTask(call, args, context) : this.#runTool(call, args, context);
	}
	async #runTool(call, args, context) {
		const tool = this.tools.get(call.name);
		if (!tool) return {
			id: call.id,
			ok: false,
			error: {
				name: "ToolError",
				message: `unknown tool ${JSON.stringify(call.name)}`
			}
		};
		let input = args;
		if (tool.input) {
			const checked = await tool.input.validate(args);
			if (!checked.ok) return {
				id: call.id,
				ok: false,
				error: {
					name: "ToolInputError",
					message: `tools.${tool.key}: invalid input: ${describeIssues(checked.issues)}`,
					details: { tool: call.name }
				}
			};
			input = checked.value;
		}
		const started = performance.now();
		this.#emit({
			type: "tool-call",
			phase: "start",
			threadId: context.threadId,
			callId: call.id,
			name: call.name,
			args: input
		});
		let result;
		try {
			const value = await tool.definition.execute(input, context);
			result = {
				id: call.id,
				ok: true,
				...encodeForGuest(value, this.options.maxToolPayloadBytes)
			};
		} catch (error) {
			const message = error instanceof PayloadError ? `tools.${tool.key}: ${error.message}` : this.options.sanitizeToolErrors ? "Tool failed" : boundedMessage(errorMessage(error), this.options.maxToolPayloadBytes);
			result = {
				id: call.id,
				ok: false,
				error: {
					name: "ToolError",
					message,
					details: { tool: call.name }
				}
			};
		}
		this.#emit({
			type: "tool-call",
			phase: "end",
			threadId: context.threadId,
			callId: call.id,
			name: call.name,
			args: input,
			durationMs: performance.now() - started,
			ok: result.ok,
			...result.error ? { error: result.error.message } : {}
		});
		return result;
	}
	async #runTask(call, args, context) {
		if (!this.subagents) return {
			id: call.id,
			ok: false,
			error: {
				name: "TaskError",
				message: "task() is not available: no subagents are configured"
			}
		};
		return this.subagents.run(call, args, context, (event) => this.#emit(event), this.options.maxToolPayloadBytes);
	}
};
// src/host/subagents.ts
/** task(): the program's subagent calls, dispatched on the host through `subagents.dispatch`. */
var SubagentRunner = class {
	#options;
	constructor(options) {
		if (typeof options !== "object" || options === null || typeof options.dispatch !== "function") throw new QuickboxError("INVALID_OPTIONS", "subagents must be { dispatch(request, context), types?: { name, description }[] }");
		const types = options.types;
		if (types !== void 0) {
			if (!Array.isArray(types) || !types.every((t) => typeof t?.name === "string" && t.name && typeof t.description === "string")) throw new QuickboxError("INVALID_OPTIONS", "subagents.types must be an array of { name, description } with non-empty names");
			if (new Set(types.map((t) => t.name)).size !== types.length) throw new QuickboxError("INVALID_OPTIONS", "subagents.types has duplicate names");
		}
		this.#options = options;
	}
	get types() {
		return this.#options.types ?? [];
	}
	manifest() {
		return {
			enabled: true,
			types: this.types.map(({ name, description }) => ({
				name,
				description
			}))
		};
	}
	async run(call, args, context, emit, maxPayloadBytes) {
		const request = args;
		const base = {
			type: "task",
			threadId: context.threadId,
			callId: call.id,
			subagentType: request.subagentType,
			description: request.description,
			...request.label ? { label: request.label } : {}
		};
		const started = performance.now();
		emit({
			...base,
			phase: "start"
		});
		let result;
		try {
			let reply = await this.#options.dispatch(request, context);
			if (request.responseSchema !== void 0) {
				if (typeof reply === "string") try {
					reply = JSON.parse(reply);
				} catch {
					throw new Error("the subagent's reply is not JSON, but a responseSchema was given");
				}
				const checked = await adaptSchema(request.responseSchema).validate(reply);
				if (!checked.ok) throw new Error(`the subagent's reply does not match responseSchema: ${describeIssues(checked.issues)}`);
			}
			result = {
				id: call.id,
				ok: true,
				...encodeForGuest(reply, maxPayloadBytes)
			};
		} catch (error) {
			const message = errorMessage(error);
			const bounded = message.length <= maxPayloadBytes ? message : `${message.slice(0, maxPayloadBytes)}… [truncated ${message.length - maxPayloadBytes} chars]`;
			result = {
				id: call.id,
				ok: false,
				error: {
					name: "TaskError",
					message: bounded
				}
			};
		}
		emit({
			...base,
			phase: "end",
			durationMs: performance.now() - started,
			ok: result.ok,
			...result.error ? { error: result.error.message } : {}
		});
		return result;
	}
};
// src/host/tool-names.ts
/** Tool names as the program sees them (DESIGN.md §3). */
/** Each run of `-`/`_` followed by a letter or digit becomes that character upper-cased. */
function camelCase(name) {
	return name.replace(/[-_]+([A-Za-z0-9])/g, (_, next) => next.toUpperCase());
}
var IDENTIFIER$1 = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Keys of the `tools` object that quickbox itself defines. */
var RESERVED_TOOL_KEYS = /* @__PURE__ */ new Set(["$search", "$describe"]);
function isValidToolKey(key) {
	return IDENTIFIER$1.test(key) && !RESERVED_TOOL_KEYS.has(key);
}
// src/host/type-rendering.ts
var IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
var MAX_DEPTH = 8;
function literal(value) {
	return typeof value === "string" ? JSON.stringify(value) : value === null ? "null" : String(value);
}
function jsDoc(description, indent) {
	if (typeof description !== "string" || !description.trim()) return "";
	const lines = description.trim().replace(/\*\//g, "*\\/").split("\n");
	if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
	return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`).join("\n")}\n${indent} */\n`;
}
var TypeRenderer = class {
	root;
	constructor(root) {
		this.root = root;
	}
	#resolve(ref) {
		if (!ref.startsWith("#")) return void 0;
		let node = this.root;
		for (const part of ref.replace(/^#\/?/, "").split("/").filter(Boolean)) {
			if (typeof node !== "object" || node === null) return void 0;
			node = node[decodeURIComponent(part.replace(/~1/g, "/").replace(/~0/g, "~"))];
		}
		return typeof node === "object" || typeof node === "boolean" ? node : void 0;
	}
	render(schema, indent, depth, seenRefs = []) {
		if (schema === void 0 || schema === true) return "unknown";
		if (schema === false) return "never";
		if (depth > MAX_DEPTH) return "unknown";
		if (typeof schema.$ref === "string") {
			if (seenRefs.includes(schema.$ref)) return "unknown";
			const target = this.#resolve(schema.$ref);
			return target === void 0 ? "unknown" : this.render(target, indent, depth + 1, [...seenRefs, schema.$ref]);
		}
		if ("const" in schema) return literal(schema.const);
		if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(" | ") || "never";
		const union = schema.anyOf ?? schema.oneOf;
		if (Array.isArray(union)) return [...new Set(union.map((part) => this.render(part, indent, depth + 1, seenRefs)))].join(" | ") || "never";
		if (Array.isArray(schema.allOf)) return schema.allOf.map((part) => this.#wrapUnion(this.render(part, indent, depth + 1, seenRefs))).join(" & ") || "unknown";
		const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
		if (types.length > 1) return types.map((type) => this.render({
			...schema,
			type
		}, indent, depth + 1, seenRefs)).join(" | ");
		switch (types[0] ?? (schema.properties ? "object" : schema.items ? "array" : void 0)) {
			case "string": return "string";
			case "number":
			case "integer": return "number";
			case "boolean": return "boolean";
			case "null": return "null";
			case "array": return this.#array(schema, indent, depth, seenRefs);
			case "object": return this.#object(schema, indent, depth, seenRefs);
			default: return "unknown";
		}
	}
	#wrapUnion(text) {
		return text.includes(" | ") ? `(${text})` : text;
	}
	#array(schema, indent, depth, seenRefs) {
		if (Array.isArray(schema.prefixItems) || Array.isArray(schema.items)) return `[${(schema.prefixItems ?? schema.items).map((item) => this.render(item, indent, depth + 1, seenRefs)).join(", ")}]`;
		const item = this.render(schema.items, indent, depth + 1, seenRefs);
		return `${this.#wrapUnion(item)}[]`;
	}
	#object(schema, indent, depth, seenRefs) {
		const properties = schema.properties ?? {};
		const required = new Set(Array.isArray(schema.required) ? schema.required : []);
		const inner = `${indent}  `;
		const lines = [];
		for (const [key, child] of Object.entries(properties)) {
			const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
			const doc = typeof child === "object" ? jsDoc(child.description, inner) : "";
			lines.push(`${doc}${inner}${name}${required.has(key) ? "" : "?"}: ${this.render(child, inner, depth + 1, seenRefs)};`);
		}
		const extra = schema.additionalProperties;
		if (extra && typeof extra === "object") lines.push(`${inner}[key: string]: ${this.render(extra, inner, depth + 1, seenRefs)};`);
		else if (!lines.length && extra !== false) return "Record<string, unknown>";
		if (!lines.length) return "{}";
		return `{\n${lines.join("\n")}\n${indent}}`;
	}
};
function renderType(schema, indent = "") {
	return new TypeRenderer(schema ?? true).render(schema, indent, 0);
}
/** `/** description *\/\nkey(input: {...}): Promise<...>;` with the given indentation. */
function renderSignature(parts, indent = "") {
	const doc = jsDoc(parts.description, indent);
	const inputType = parts.input === "opaque" || parts.input === void 0 ? "unknown" : renderType(parts.input, indent);
	const inputDoc = parts.input === "opaque" && parts.inputDescription ? `/* ${parts.inputDescription.replace(/\*\//g, "*\\/")} */ ` : "";
	const optional = parts.input === void 0 ? "?" : "";
	return `${doc}${indent}${parts.key}(input${optional}: ${inputDoc}${inputType}): Promise<${renderType(parts.output, indent)}>;`;
}
// src/host/tool-registry.ts
/**
* The interpreter's tools: names checked and mapped to camelCase keys, schemas adapted, and the
* manifest (keys, descriptions, TypeScript signatures) the guest's `tools` object is built from.
*/
function invalid$1(message) {
	throw new QuickboxError("INVALID_TOOL", message);
}
function adapt(tool, field) {
	const schema = tool[field];
	if (schema === void 0) return void 0;
	try {
		return adaptSchema(schema);
	} catch (error) {
		return invalid$1(`tool ${JSON.stringify(tool.name)}: ${field} is not a JSON Schema or Standard Schema (${error.message})`);
	}
}
function describeStandardOnly(schema) {
	const description = schema?.description;
	return typeof description === "string" ? description : void 0;
}
var ToolRegistry = class {
	#byName = /* @__PURE__ */ new Map();
	constructor(tools) {
		if (tools === void 0) return;
		if (!Array.isArray(tools)) invalid$1("tools must be an array of { name, description?, inputSchema?, outputSchema?, execute }");
		const keys = /* @__PURE__ */ new Map();
		for (const [index, tool] of tools.entries()) {
			if (typeof tool !== "object" || tool === null) invalid$1(`tools[${index}] must be an object`);
			const definition = tool;
			if (typeof definition.name !== "string" || !definition.name) invalid$1(`tools[${index}].name must be a non-empty string`);
			if (typeof definition.execute !== "function") invalid$1(`tool ${JSON.stringify(definition.name)}: execute must be a function`);
			if (definition.description !== void 0 && typeof definition.description !== "string") invalid$1(`tool ${JSON.stringify(definition.name)}: description must be a string`);
			const key = camelCase(definition.name);
			if (!isValidToolKey(key)) invalid$1(`tool ${JSON.stringify(definition.name)}: "${key}" is not a valid identifier for tools.${key} (use letters, digits, _ and -, not starting with a digit)`);
			const clash = keys.get(key);
			if (clash !== void 0) invalid$1(`tools ${JSON.stringify(clash)} and ${JSON.stringify(definition.name)} both become tools.${key}`);
			keys.set(key, definition.name);
			const input = adapt(definition, "inputSchema");
			const output = adapt(definition, "outputSchema");
			const signature = renderSignature({
				key,
				...definition.description ? { description: definition.description } : {},
				input: input ? input.jsonSchema ?? "opaque" : void 0,
				...input && !input.jsonSchema ? { inputDescription: describeStandardOnly(definition.inputSchema) ?? "validated by the host" } : {},
				output: output?.jsonSchema
			});
			this.#byName.set(definition.name, {
				definition,
				key,
				input,
				signature
			});
		}
	}
	get(name) {
		return this.#byName.get(name);
	}
	get size() {
		return this.#byName.size;
	}
	tools() {
		return [...this.#byName.values()];
	}
	manifest() {
		return this.tools().map((tool) => ({
			name: tool.definition.name,
			key: tool.key,
			description: tool.definition.description ?? "",
			signature: tool.signature
		}));
	}
};
// src/host/skills.ts
/**
* Interpreter skills on the host: find the skills a cell imports, fetch their files from the
* backend once per interpreter, and check them (size, syntax) before any code runs, so that a
* missing or broken skill fails the eval with SkillNotAvailable instead of halfway through it.
*/
var MAX_SKILL_BYTES = 2 ** 20;
var REFERENCE = /@\/skills\/([A-Za-z0-9_-]+)/g;
function checkFiles(name, files) {
	if (typeof files !== "object" || files === null || Array.isArray(files)) throw new Error(`skill "${name}": files() must return { path: source }`);
	let bytes = 0;
	for (const [path, source] of Object.entries(files)) {
		if (typeof source !== "string") throw new Error(`skill "${name}": ${path} is not a string`);
		bytes += new TextEncoder().encode(source).length;
		if (bytes > MAX_SKILL_BYTES) throw new Error(`skill "${name}" is larger than ${MAX_SKILL_BYTES} bytes`);
		if (!/\.(m?[jt]s)$/.test(path)) continue;
		if (/["'`]@\/skills\//.test(source)) throw new Error(`skill "${name}": ${path} imports another skill; a skill cannot import another skill`);
		const code = /\.m?ts$/.test(path) ? transform(source, {
			transforms: ["typescript"],
			disableESTransforms: true,
			keepUnusedImports: true,
			filePath: path
		}).code : source;
		try {
			parse(code, {
				ecmaVersion: "latest",
				sourceType: "module"
			});
		} catch (error) {
			throw new Error(`skill "${name}": ${path} does not parse: ${error.message}`);
		}
	}
	if (!Object.keys(files).length) throw new Error(`skill "${name}" has no files`);
	return files;
}
var SkillLibrary = class {
	backend;
	#cache = /* @__PURE__ */ new Map();
	constructor(backend) {
		this.backend = backend;
		if (typeof backend !== "object" || backend === null || typeof backend.list !== "function" || typeof backend.files !== "function") throw new QuickboxError("INVALID_OPTIONS", "skills must be { list(): Promise<string[]>, files(name): Promise<Record<string, string> | undefined> }");
	}
	/** Skill names a cell refers to literally. */
	static referenced(code) {
		return [...new Set([...code.matchAll(REFERENCE)].map((match) => match[1]))];
	}
	async #fetch(name) {
		const files = await this.backend.files(name);
		if (files === void 0) {
			let available = "";
			try {
				available = (await this.backend.list()).join(", ");
			} catch {}
			throw new Error(`no skill named "${name}"${available ? ` (available: ${available})` : ""}`);
		}
		return checkFiles(name, files);
	}
	async load(names) {
		const skills = {};
		for (const name of names) {
			let files = this.#cache.get(name);
			if (!files) {
				files = this.#fetch(name);
				this.#cache.set(name, files);
				files.catch(() => this.#cache.delete(name));
			}
			try {
				skills[name] = await files;
			} catch (error) {
				return {
					ok: false,
					message: error instanceof Error ? error.message : String(error)
				};
			}
		}
		return {
			ok: true,
			skills
		};
	}
};
// src/stores/memory-store.ts
function memoryStore() {
	const records = /* @__PURE__ */ new Map();
	const store = {
		async get(key) {
			const record = records.get(key);
			return record ? record.value.slice() : void 0;
		},
		async put(key, value, meta) {
			records.set(key, {
				value: value.slice(),
				meta: { ...meta }
			});
		},
		async delete(key) {
			records.delete(key);
		},
		async list(prefix = "") {
			const out = [];
			for (const [key, record] of records) if (key.startsWith(prefix)) out.push({
				key,
				...record.meta
			});
			return out;
		},
		prune: (options) => pruneSnapshots(store, options)
	};
	return store;
}
// src/options.ts
/** Validation and defaults for createInterpreter options. Bad input throws INVALID_OPTIONS. */
var DEFAULT_TIMEOUT_MS = 5e3;
var DEFAULT_WALL_TIMEOUT_MS = 6e4;
var DEFAULT_MEMORY_LIMIT_BYTES = 64 * 2 ** 20;
var MAX_MEMORY_LIMIT_BYTES = 2 ** 31;
var DEFAULT_MAX_STACK_SIZE_BYTES = 262144;
var MIN_STACK_SIZE_BYTES = 16384;
/** The build's shadow stack is 5 MiB; QuickJS's limit must stay well inside it. */
var MAX_STACK_SIZE_BYTES = 4 * 2 ** 20;
var DEFAULT_MAX_TOOL_PAYLOAD_BYTES = 2 ** 20;
var DEFAULT_MAX_RESULT_CHARS = 4e3;
/**
* workerd: an isolate has 128 MB in total (JS heap and every wasm memory), and Durable Objects of
* one class may share an isolate. A thread's memory is allocated whole: one live thread costs
* 32 MiB plus the 6.6 MB base image (no booted spare is kept on workerd; see instance-pool.ts).
*/
var WORKERD_DEFAULT_MEMORY_LIMIT_BYTES = 32 * 2 ** 20;
var ALL_DECISIONS = [
	"approve",
	"edit",
	"reject",
	"respond"
];
function resolveInterruptOn(value) {
	if (value === void 0) return {};
	if (typeof value !== "object" || value === null || Array.isArray(value)) invalid("interruptOn must be an object: { [toolName | \"task\"]: true | { allowedDecisions } }");
	const resolved = {};
	for (const [name, setting] of Object.entries(value)) {
		if (setting === false || setting === void 0) continue;
		if (setting === true) {
			resolved[name] = [...ALL_DECISIONS];
			continue;
		}
		const allowed = setting?.allowedDecisions;
		if (!Array.isArray(allowed) || !allowed.length || !allowed.every((d) => ALL_DECISIONS.includes(d))) invalid(`interruptOn.${name}: allowedDecisions must be a non-empty array of ${ALL_DECISIONS.join(", ")}`);
		resolved[name] = [...new Set(allowed)];
	}
	return resolved;
}
function keyOption(options, name) {
	const value = options[name];
	if (value === void 0) return void 0;
	const isKey = typeof CryptoKey !== "undefined" && value instanceof CryptoKey;
	if (typeof value === "string" ? !value : !(value instanceof Uint8Array) && !isKey) invalid(`${name} must be a non-empty string, a Uint8Array or a CryptoKey`);
	return value;
}
var KNOWN_OPTIONS = /* @__PURE__ */ new Set([
	"isolation",
	"tools",
	"subagents",
	"timeoutMs",
	"wallTimeoutMs",
	"memoryLimitBytes",
	"maxStackSizeBytes",
	"maxToolCalls",
	"maxConcurrentToolCalls",
	"maxTaskCalls",
	"maxConcurrentTasks",
	"maxToolPayloadBytes",
	"maxResultChars",
	"captureConsole",
	"clock",
	"randomSeed",
	"sanitizeToolErrors",
	"promptTools",
	"workers",
	"onEvent",
	"skills",
	"wasmModule",
	"interruptOn",
	"mode",
	"store",
	"snapshotSigningKey",
	"encryptionKey",
	"maxSnapshotBytes",
	"maxLiveThreads",
	"recover"
]);
function invalid(message) {
	throw new QuickboxError("INVALID_OPTIONS", message);
}
function positiveNumber(options, name, fallback, min = 1, max = Number.MAX_SAFE_INTEGER) {
	const value = options[name];
	if (value === void 0) return fallback;
	if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) invalid(`${name} must be a finite number between ${min} and ${max}, got ${String(value)}`);
	return value;
}
function budget(options, name, fallback) {
	if (options[name] === null) return null;
	return Math.floor(positiveNumber(options, name, fallback, 0));
}
function oneOf(options, name, allowed, fallback) {
	const value = options[name];
	if (value === void 0) return fallback;
	if (!allowed.includes(value)) invalid(`${name} must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(value)}`);
	return value;
}
function flag(options, name, fallback) {
	const value = options[name] ?? fallback;
	if (typeof value !== "boolean") invalid(`${name} must be a boolean`);
	return value;
}
/** Workers where the runtime has them; inline on workerd (and anywhere without workers). */
function defaultIsolation() {
	const runtime = detectRuntime();
	return runtime === "node" || runtime === "deno" || runtime === "browser" ? "worker" : "inline";
}
function resolveOptions(input) {
	if (input !== void 0 && (typeof input !== "object" || input === null || Array.isArray(input))) invalid("createInterpreter options must be an object");
	const options = input ?? {};
	for (const key of Object.keys(options)) if (!KNOWN_OPTIONS.has(key)) invalid(`unknown option ${JSON.stringify(key)}; known options: ${[...KNOWN_OPTIONS].join(", ")}`);
	const onWorkerd = detectRuntime() === "workerd";
	const memoryLimitBytes = positiveNumber(options, "memoryLimitBytes", onWorkerd ? WORKERD_DEFAULT_MEMORY_LIMIT_BYTES : DEFAULT_MEMORY_LIMIT_BYTES, MIN_MEMORY_BYTES, MAX_MEMORY_LIMIT_BYTES);
	const randomSeed = options.randomSeed;
	if (randomSeed !== void 0 && (typeof randomSeed !== "number" || !Number.isFinite(randomSeed))) invalid("randomSeed must be a finite number");
	const wasmModule = options.wasmModule;
	if (wasmModule !== void 0 && !(wasmModule instanceof WebAssembly.Module)) invalid("wasmModule must be a compiled WebAssembly.Module");
	const onEvent = options.onEvent;
	if (onEvent !== void 0 && typeof onEvent !== "function") invalid("onEvent must be a function");
	const store = options.store;
	if (store !== void 0 && !isSnapshotStore(store)) invalid("store must implement SnapshotStore: get, put, delete, list");
	const recover = options.recover;
	if (recover !== void 0 && typeof recover !== "function") invalid("recover must be a function");
	const engine = {
		mode: oneOf(options, "mode", [
			"thread",
			"turn",
			"call"
		], "thread"),
		interruptOn: resolveInterruptOn(options.interruptOn),
		snapshotSigningKey: keyOption(options, "snapshotSigningKey"),
		encryptionKey: keyOption(options, "encryptionKey"),
		timeoutMs: positiveNumber(options, "timeoutMs", DEFAULT_TIMEOUT_MS),
		wallTimeoutMs: positiveNumber(options, "wallTimeoutMs", DEFAULT_WALL_TIMEOUT_MS),
		memoryLimitBytes: Math.ceil(memoryLimitBytes / 65536) * 65536,
		maxStackSizeBytes: Math.floor(positiveNumber(options, "maxStackSizeBytes", DEFAULT_MAX_STACK_SIZE_BYTES, MIN_STACK_SIZE_BYTES, MAX_STACK_SIZE_BYTES)),
		maxToolPayloadBytes: Math.floor(positiveNumber(options, "maxToolPayloadBytes", DEFAULT_MAX_TOOL_PAYLOAD_BYTES)),
		maxResultChars: Math.floor(positiveNumber(options, "maxResultChars", DEFAULT_MAX_RESULT_CHARS)),
		captureConsole: flag(options, "captureConsole", true),
		clock: oneOf(options, "clock", ["virtual", "real"], "virtual"),
		randomSeed,
		maxToolCalls: budget(options, "maxToolCalls", 256),
		maxConcurrentToolCalls: Math.floor(positiveNumber(options, "maxConcurrentToolCalls", 32)),
		maxTaskCalls: budget(options, "maxTaskCalls", 64),
		maxConcurrentTasks: Math.floor(positiveNumber(options, "maxConcurrentTasks", 32))
	};
	const tools = new ToolRegistry(options.tools);
	for (const name of Object.keys(engine.interruptOn)) if (name !== "task" && !tools.get(name)) invalid(`interruptOn names "${name}", which is not a tool (use the tool's own name, or "task")`);
	return {
		engine,
		isolation: oneOf(options, "isolation", ["inline", "worker"], defaultIsolation()),
		workers: Math.floor(positiveNumber(options, "workers", 1, 1, 64)),
		tools,
		subagents: options.subagents === void 0 ? void 0 : new SubagentRunner(options.subagents),
		sanitizeToolErrors: flag(options, "sanitizeToolErrors", false),
		promptTools: oneOf(options, "promptTools", ["signatures", "names"], "signatures"),
		onEvent,
		skills: options.skills === void 0 ? void 0 : new SkillLibrary(options.skills),
		wasmModule,
		store: store ?? memoryStore(),
		storeConfigured: store !== void 0,
		maxSnapshotBytes: Math.floor(positiveNumber(options, "maxSnapshotBytes", engine.memoryLimitBytes)),
		maxLiveThreads: Math.floor(positiveNumber(options, "maxLiveThreads", onWorkerd ? 1 : 64, 1)),
		recover
	};
}
// src/system-prompt.ts
function indentBlock(text, indent) {
	return text.split("\n").map((line) => line ? indent + line : line).join("\n");
}
function toolsSection(options) {
	const tools = options.tools.tools();
	if (!tools.length) return [];
	if (options.promptTools === "names") return [
		"",
		"Tools (call them from code; each returns a Promise):",
		...tools.map((tool) => `- tools.${tool.key}${tool.definition.description ? `: ${tool.definition.description.split("\n")[0]}` : ""}`),
		"Use tools.$describe(name) for a tool's TypeScript signature and tools.$search(query) to find tools."
	];
	return [
		"",
		"Tools (call them from code with await; results are plain values):",
		"```ts",
		"declare const tools: {",
		tools.map((tool) => indentBlock(tool.signature, "  ")).join("\n"),
		"  /** Tools whose name or description contains every word of the query. */",
		"  $search(query: string): { name: string; description: string; signature: string }[];",
		"  /** A tool's description and signature. */",
		"  $describe(name: string): { name: string; description: string; signature: string };",
		"};",
		"```"
	];
}
function taskSection(options) {
	const subagents = options.subagents;
	if (!subagents) return [];
	const types = subagents.types;
	return [
		"",
		"Subagents: task() hands a self-contained job to a subagent and resolves with its answer.",
		"```ts",
		"declare function task(input: {",
		"  /** Everything the subagent needs to know: it sees nothing else. */",
		"  description: string;",
		`  subagentType: ${types.length ? types.map((type) => JSON.stringify(type.name)).join(" | ") : "string"};`,
		"  /** Short name for progress displays. */",
		"  label?: string;",
		"  /** JSON Schema of the reply; the reply is then parsed and checked. */",
		"  responseSchema?: object;",
		"}): Promise<unknown>;",
		"```",
		...types.map((type) => `- ${type.name}: ${type.description}`),
		`Run independent tasks concurrently with Promise.all (at most ${options.engine.maxConcurrentTasks} at once${options.engine.maxTaskCalls === null ? "" : `, ${options.engine.maxTaskCalls} per call`}).`
	];
}
function renderSystemPrompt(options) {
	const engine = options.engine;
	const memoryMiB = Math.round(engine.memoryLimitBytes / 2 ** 20);
	const clock = engine.clock === "virtual" ? "Date.now() starts at 0 (1970-01-01T00:00:00Z, UTC) in a new thread and advances only while the program waits on timers; setTimeout/setInterval fire in virtual time, so waiting costs no real time." : "Date.now() is the real clock; timers wait real time.";
	const hasTools = options.tools.size > 0;
	const capabilities = [hasTools ? "`tools`" : "", options.subagents ? "`task()`" : ""].filter(Boolean).join(" and ");
	const toolBudget = hasTools && engine.maxToolCalls !== null ? ` at most ${engine.maxToolCalls} tool calls (${engine.maxConcurrentToolCalls} at once; more wait their turn),` : "";
	return [
		"You have a persistent JavaScript/TypeScript interpreter (QuickJS). Write a short program instead of many single steps: loop, branch, call tools from code, and return only what matters.",
		"",
		"Rules:",
		"- State persists between calls in the same thread: top-level const/let/var/function/class declarations stay defined. Re-running a declaration rebinds it.",
		"- Top-level await works. The value of the last expression statement is the result; a final Promise is awaited.",
		"- console.log/info/debug/warn/error output is returned in <stdout>; keep it short.",
		"- TypeScript is accepted (types are stripped).",
		`- There is no fetch, require, process, filesystem, network or import${capabilities ? `; the only way out is ${capabilities}` : ": the program can only compute"}.`,
		`- ${clock}`,
		`- Limits per call: ${engine.timeoutMs} ms of CPU time,${toolBudget} ${memoryMiB} MiB of memory, and at most ${engine.maxResultChars} characters of output and of result (the rest is cut).`,
		"- Errors from tools can be caught with try/catch (error.name: ToolError, ToolInputError, …).",
		"- Return compact results (counts, aggregates, the few items that matter), not whole data sets.",
		...toolsSection(options),
		...taskSection(options),
		"",
		"The reply has the form <stdout>…</stdout> (only if something was printed) then <result>…</result> or <error type=\"…\">…</error>. A <result kind=\"handle\"> is a value that stays in the interpreter (a function, for example)."
	].join("\n");
}
// src/transport/inline-client.ts
function optional(value) {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== void 0));
}
var InlineClient = class {
	core;
	constructor(core) {
		this.core = core;
	}
	/** A host-call channel for one request; its scope aborts tools still running when it ends. */
	async #withChannel(threadId, signal, executor, run) {
		const scope = new AbortController();
		const forwardAbort = () => scope.abort();
		signal?.addEventListener("abort", forwardAbort, { once: true });
		const inbox = new Inbox();
		let scopeUsed = false;
		try {
			return await run({
				send: (calls) => {
					scopeUsed = true;
					executor.run(calls, {
						threadId,
						signal: scope.signal
					}, (results) => inbox.push(results));
				},
				receive: () => inbox.receive()
			});
		} finally {
			signal?.removeEventListener("abort", forwardAbort);
			if (scopeUsed) scope.abort();
		}
	}
	eval(call, executor) {
		return this.#withChannel(call.threadId, call.signal, executor, (channel) => this.core.eval({
			code: call.code,
			threadId: call.threadId,
			...optional({
				signal: call.signal,
				skills: call.skills,
				restore: call.restore,
				persist: call.persist
			})
		}, channel));
	}
	resume(call, executor) {
		return this.#withChannel(call.threadId, call.signal, executor, (channel) => this.core.resume({
			threadId: call.threadId,
			decisions: call.decisions,
			...optional({
				signal: call.signal,
				restore: call.restore,
				persist: call.persist
			})
		}, channel));
	}
	snapshot(threadId, options) {
		return this.core.snapshot(threadId, options);
	}
	fork(from, to, options) {
		return this.core.fork(from, to, options);
	}
	drop(threadId) {
		return this.core.drop(threadId);
	}
	threads() {
		return this.core.threads();
	}
	async dispose() {
		this.core.dispose();
	}
};
// src/transport/worker-url.ts
function createModuleWorker() {
	return new Worker(new URL("./worker.js", import.meta.url), {
		type: "module",
		name: "quickbox"
	});
}
function nodeWorkerUrl() {
	return new URL("./worker.js", import.meta.url);
}
// src/transport/spawn-worker.ts
/**
* Browser and Deno workers have a smaller native stack than their main thread, and no knob to
* enlarge it. Measured in Chromium 156: with QuickJS's limit at 128 KiB, deep recursion ends as a
* clean StackOverflow (at 192 KiB the native stack overflows first); deeply nested JSON.parse
* input still overflows it above 64 KiB (the thread then restarts).
*/
var WEB_WORKER_MAX_STACK_BYTES = 131072;
/** The QuickJS stack limit a worker on this runtime can honour. */
function workerStackLimitBytes(requested) {
	return detectRuntime() === "node" ? requested : Math.min(requested, WEB_WORKER_MAX_STACK_BYTES);
}
/** Node worker stack: with QuickJS limited to maxStackSizeBytes, 4 MiB suffices (ENGINE-NOTES Q3). */
function nodeStackSizeMb(maxStackSizeBytes) {
	return Math.max(16, Math.ceil(maxStackSizeBytes * 16 / 2 ** 20));
}
async function spawnWorker(options) {
	if (detectRuntime() === "node") {
		const { Worker } = await import(
			/* @vite-ignore */
			/* webpackIgnore: true */
			"node:worker_threads"
);
		const { default: nodeEndpoint } = await import("comlink/dist/esm/node-adapter.mjs");
		const worker = new Worker(nodeWorkerUrl(), { resourceLimits: { stackSizeMb: nodeStackSizeMb(options.maxStackSizeBytes) } });
		worker.unref();
		return {
			endpoint: nodeEndpoint(worker),
			terminate: () => void worker.terminate(),
			onExit: (listener) => {
				worker.on("error", (error) => listener(`worker error: ${error.message}`));
				worker.on("exit", (code) => listener(`worker exited with code ${code}`));
			}
		};
	}
	const worker = createModuleWorker();
	const listeners = [];
	let failure = null;
	worker.addEventListener("error", (event) => {
		event.preventDefault();
		failure ??= `worker error: ${event.message ?? "unknown"}`;
		for (const listener of listeners) listener(failure);
	});
	return {
		endpoint: worker,
		terminate: () => worker.terminate(),
		onExit: (listener) => {
			listeners.push(listener);
			if (failure !== null) listener(failure);
		}
	};
}
// src/transport/worker-pool.ts
/**
* isolation "worker": a pool of engine workers. Each thread lives on one worker (the least loaded
* when it first runs); evals on different threads run on different workers concurrently. Host
* calls arrive in batches on a dedicated port and run here, on the host.
*
* The watchdog: a busy worker sends a heartbeat every HEARTBEAT_INTERVAL_MS. A worker that stays
* silent longer than the CPU a program may use (timeoutMs for running plus timeoutMs for copying
* its result) plus a grace period is stuck in a builtin that ignores QuickJS's interrupt. It is
* terminated and replaced; its evals end as Timeout and all its threads restart fresh.
*/
var WATCHDOG_GRACE_MS = 1500;
/**
* A cancelled eval that has not ended after this long is stopped by replacing its worker: the
* worker may be computing, and a busy worker cannot read the cancel message. Where
* SharedArrayBuffer exists (Node, Deno, cross-origin-isolated pages) the cancel also goes through
* shared memory that QuickJS's interrupt handler reads, so it ends at once.
*/
var CANCEL_GRACE_MS = 1e3;
var CANCEL_SLOTS = 64;
var WATCHDOG_CHECK_MS = 100;
/**
* Extra silence allowed while the worker runs a control call (a snapshot for hibernation, a
* fork, a restore): that work runs no guest code, but it can take seconds for a large thread,
* and an eval queued behind it must not make the watchdog take it for a stuck builtin.
*/
var CONTROL_CALL_GRACE_MS = 3e4;
function fromWire(error) {
	if (error.name === "QuickboxError" && error.code) return new QuickboxError(error.code, error.message, error.reason ? { reason: error.reason } : {});
	const rebuilt = new Error(error.message);
	rebuilt.name = error.name;
	return rebuilt;
}
async function unwrap(reply) {
	const settled = await reply;
	if (!settled.ok) throw fromWire(settled.error);
	return settled.value;
}
/** One engine worker and the evals it is running. */
var EngineWorker = class EngineWorker {
	spawned;
	api;
	port;
	settings;
	onDeath;
	threads = /* @__PURE__ */ new Set();
	#pending = /* @__PURE__ */ new Map();
	#nextId = 1;
	#lastHeard = performance.now();
	#dead = null;
	#cancelFlags = typeof SharedArrayBuffer === "function" ? new Int32Array(new SharedArrayBuffer(256)) : null;
	#watchdog = null;
	/** Control calls (comlink) in flight: they fail if the worker dies, instead of never settling. */
	#controlCalls = /* @__PURE__ */ new Set();
	constructor(spawned, api, port, settings, onDeath) {
		this.spawned = spawned;
		this.api = api;
		this.port = port;
		this.settings = settings;
		this.onDeath = onDeath;
	}
	static async start(settings, onDeath) {
		const spawned = await spawnWorker({ maxStackSizeBytes: settings.engine.maxStackSizeBytes });
		const api = Comlink.wrap(spawned.endpoint);
		const channel = new MessageChannel();
		const worker = new EngineWorker(spawned, api, channel.port1, settings, onDeath);
		listen(channel.port1, (data) => worker.#onMessage(data));
		channel.port1.unref?.();
		const diedEarly = new Promise((_resolve, reject) => spawned.onExit((reason) => reject(new QuickboxError("WORKER_FAILED", `the engine worker could not start: ${reason}`))));
		diedEarly.catch(() => {});
		spawned.onExit((reason) => worker.#die(reason));
		try {
			const flags = worker.#cancelFlags?.buffer;
			await Promise.race([diedEarly, (async () => unwrap(api.init(settings.engine, settings.manifest, Comlink.transfer(channel.port2, [channel.port2]), settings.wasmModule, flags)))()]);
		} catch (error) {
			worker.#shutdown();
			throw error;
		}
		return worker;
	}
	get alive() {
		return this.#dead === null;
	}
	/** Silence allowed while an eval runs: the run and the result copy each get timeoutMs. */
	get #silenceLimitMs() {
		return 2 * this.settings.engine.timeoutMs + WATCHDOG_GRACE_MS + (this.#controlCalls.size ? CONTROL_CALL_GRACE_MS : 0);
	}
	/** A control call: it counts as hearing from the worker when it ends, and fails if the worker dies. */
	#control(call) {
		if (this.#dead) return Promise.reject(new QuickboxError("WORKER_FAILED", `the engine worker is gone: ${this.#dead}`));
		return new Promise((resolve, reject) => {
			const fail = (error) => reject(error);
			if (!this.#controlCalls.size && !this.#pending.size) this.#lastHeard = performance.now();
			this.#controlCalls.add(fail);
			this.#startWatchdog();
			const settle = () => {
				this.#controlCalls.delete(fail);
				this.#lastHeard = performance.now();
				if (!this.#pending.size && !this.#controlCalls.size) this.#stopWatchdog();
			};
			unwrap(call()).then((value) => {
				settle();
				resolve(value);
			}, (error) => {
				settle();
				reject(error);
			});
		});
	}
	eval(call, executor) {
		return this.#request(call, executor, (id, aborted) => ({
			t: "eval",
			id,
			threadId: call.threadId,
			code: call.code,
			...aborted ? { aborted } : {},
			...call.skills ? { skills: call.skills } : {},
			...call.restore ? { restore: call.restore } : {},
			...call.persist ? { persist: call.persist } : {}
		}));
	}
	resume(call, executor) {
		return this.#request(call, executor, (id, aborted) => ({
			t: "resume",
			id,
			threadId: call.threadId,
			decisions: call.decisions,
			...aborted ? { aborted } : {},
			...call.restore ? { restore: call.restore } : {},
			...call.persist ? { persist: call.persist } : {}
		}));
	}
	#request(call, executor, message) {
		if (this.#dead) return Promise.reject(new QuickboxError("DISPOSED", `the worker is gone: ${this.#dead}`));
		const id = this.#nextId++;
		const scope = new AbortController();
		return new Promise((resolve, reject) => {
			let forceCancel;
			const onAbort = () => {
				if (this.#cancelFlags) Atomics.store(this.#cancelFlags, id % CANCEL_SLOTS, id);
				this.port.postMessage({
					t: "cancel",
					id
				});
				forceCancel = setTimeout(() => {
					if (this.#pending.has(id)) this.#die(`an eval was cancelled and the worker did not stop within ${CANCEL_GRACE_MS} ms`, "Cancelled");
				}, CANCEL_GRACE_MS);
			};
			call.signal?.addEventListener("abort", onAbort, { once: true });
			const finish = () => {
				clearTimeout(forceCancel);
				call.signal?.removeEventListener("abort", onAbort);
				if (this.#pending.get(id)?.scopeUsed) scope.abort();
				this.#pending.delete(id);
				if (!this.#pending.size && !this.#controlCalls.size) this.#stopWatchdog();
			};
			this.#pending.set(id, {
				threadId: call.threadId,
				executor,
				scope,
				scopeUsed: false,
				resolve: (reply) => {
					finish();
					resolve(reply);
				},
				reject: (error) => {
					finish();
					reject(error);
				}
			});
			this.#lastHeard = performance.now();
			this.#startWatchdog();
			this.port.postMessage(message(id, call.signal?.aborted === true));
		});
	}
	snapshot(threadId, options) {
		return this.#control(() => this.api.snapshot(threadId, options));
	}
	fork(from, to, options) {
		return this.#control(() => this.api.fork(from, to, options));
	}
	drop(threadId) {
		return this.#control(() => this.api.drop(threadId)).then(() => void 0);
	}
	threadInfos() {
		return this.#control(() => this.api.threads());
	}
	async dispose() {
		if (this.#dead) return;
		this.#dead = "disposed";
		try {
			await Promise.race([this.api.dispose(), new Promise((resolve) => setTimeout(resolve, 500))]);
		} catch {}
		this.#shutdown();
		for (const pending of this.#pending.values()) pending.reject(new QuickboxError("DISPOSED", "this interpreter was disposed"));
		this.#failControlCalls(new QuickboxError("DISPOSED", "this interpreter was disposed"));
	}
	#failControlCalls(error) {
		for (const fail of [...this.#controlCalls]) fail(error);
		this.#controlCalls.clear();
	}
	#onMessage(data) {
		if (!isWorkerToHost(data)) return;
		this.#lastHeard = performance.now();
		const message = data;
		switch (message.t) {
			case "calls": {
				const pending = this.#pending.get(message.id);
				if (!pending) return;
				pending.scopeUsed = true;
				pending.executor.run(message.calls, {
					threadId: pending.threadId,
					signal: pending.scope.signal
				}, (results) => {
					if (this.#pending.has(message.id)) this.port.postMessage({
						t: "results",
						id: message.id,
						results
					});
				});
				return;
			}
			case "done":
				this.#pending.get(message.id)?.resolve(message.reply);
				return;
			case "failed":
				this.#pending.get(message.id)?.reject(fromWire(message.error));
				return;
			case "lost":
				this.settings.onEvent?.({
					type: "restart",
					threadId: message.threadId,
					reason: message.reason
				});
				return;
			case "heartbeat": return;
		}
	}
	#startWatchdog() {
		this.#watchdog ??= setInterval(() => {
			if (performance.now() - this.#lastHeard > this.#silenceLimitMs) this.#die(`it stopped answering for more than ${this.#silenceLimitMs} ms (a builtin call that ignores the interrupt, such as a huge BigInt toString)`);
		}, WATCHDOG_CHECK_MS);
	}
	#stopWatchdog() {
		if (this.#watchdog) clearInterval(this.#watchdog);
		this.#watchdog = null;
	}
	#shutDown = false;
	/** Stops the worker (once: a dying worker and a failed start may both ask). */
	#shutdown() {
		if (this.#shutDown) return;
		this.#shutDown = true;
		this.#stopWatchdog();
		this.port.close();
		this.api[Comlink.releaseProxy]();
		this.spawned.terminate();
	}
	/**
	* The worker is stuck, crashed or would not stop: end its evals (as Timeout, or as Cancelled
	* when a cancel forced this), and let the pool replace it.
	*/
	#die(reason, errorType = "Timeout") {
		if (this.#dead) return;
		this.#dead = reason;
		this.#shutdown();
		this.#failControlCalls(new QuickboxError("WORKER_FAILED", `the engine worker was restarted while it worked on this request: ${reason}`));
		const message = `the engine worker was restarted: ${reason}`;
		const warning = `the thread's state was lost (${message}); thread was restarted: its next eval restores its last stored snapshot, or starts fresh`;
		for (const pending of this.#pending.values()) {
			const body = `the program did not finish: ${message}`;
			pending.resolve({ result: {
				status: "error",
				text: renderWire(null, {
					kind: "error",
					type: errorType,
					body,
					droppedChars: 0
				}),
				stdout: "",
				error: {
					type: errorType,
					message: body,
					details: {
						...errorType === "Timeout" ? { kind: "cpu" } : {},
						workerRestarted: true
					}
				},
				warnings: [warning],
				toolCalls: 0,
				durationMs: 0
			} });
		}
		this.onDeath(this, reason);
	}
};
var WorkerPool = class WorkerPool {
	settings;
	#slots;
	#assignment = /* @__PURE__ */ new Map();
	#disposed = false;
	onThreadsLost;
	constructor(settings) {
		this.settings = settings;
		this.#slots = Array.from({ length: settings.workers }, () => null);
	}
	/** Starts the first worker now, so that a worker that cannot start fails createInterpreter. */
	static async start(settings) {
		const engine = {
			...settings.engine,
			maxStackSizeBytes: workerStackLimitBytes(settings.engine.maxStackSizeBytes)
		};
		const pool = new WorkerPool({
			...settings,
			engine
		});
		await pool.#worker(0);
		return pool;
	}
	#worker(index) {
		const existing = this.#slots[index];
		if (existing) return existing;
		const started = EngineWorker.start(this.settings, (worker, reason) => this.#onDeath(index, worker, reason));
		started.catch(() => {
			if (this.#slots[index] === started) this.#slots[index] = null;
		});
		this.#slots[index] = started;
		return started;
	}
	#onDeath(index, worker, reason) {
		for (const threadId of worker.threads) this.settings.onEvent?.({
			type: "restart",
			threadId,
			reason: `its engine worker was restarted: ${reason}`
		});
		this.#slots[index] = null;
		this.onThreadsLost?.([...worker.threads], `its engine worker was restarted: ${reason}`);
	}
	#slotFor(threadId) {
		const assigned = this.#assignment.get(threadId);
		if (assigned !== void 0) return assigned;
		const counts = this.#slots.map(() => 0);
		for (const slot of this.#assignment.values()) counts[slot]++;
		const slot = counts.indexOf(Math.min(...counts));
		this.#assignment.set(threadId, slot);
		return slot;
	}
	#assertAlive() {
		if (this.#disposed) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
	}
	async #onThread(threadId, work) {
		this.#assertAlive();
		const worker = await this.#worker(this.#slotFor(threadId));
		worker.threads.add(threadId);
		return work(worker);
	}
	eval(call, executor) {
		return this.#onThread(call.threadId, (worker) => worker.eval(call, executor));
	}
	resume(call, executor) {
		return this.#onThread(call.threadId, (worker) => worker.resume(call, executor));
	}
	snapshot(threadId, options) {
		return this.#onThread(threadId, (worker) => worker.snapshot(threadId, options));
	}
	fork(from, to, options) {
		const slot = this.#slotFor(from);
		this.#assignment.set(to, slot);
		return this.#onThread(from, async (worker) => {
			worker.threads.add(to);
			return worker.fork(from, to, options);
		});
	}
	async drop(threadId) {
		this.#assertAlive();
		const slot = this.#assignment.get(threadId);
		if (slot === void 0) return;
		const worker = await this.#worker(slot);
		await worker.drop(threadId);
		worker.threads.delete(threadId);
		this.#assignment.delete(threadId);
	}
	async threads() {
		this.#assertAlive();
		return (await Promise.all(this.#slots.filter((slot) => slot !== null).map(async (slot) => (await slot).threadInfos()))).flat();
	}
	async dispose() {
		if (this.#disposed) return;
		this.#disposed = true;
		await Promise.all(this.#slots.map(async (slot) => {
			if (!slot) return;
			try {
				await (await slot).dispose();
			} catch {}
		}));
	}
};
// src/host/snapshot-persistence.ts
/**
* Reading and writing threads in a SnapshotStore: snapshots first, then the thread's head, so a
* failed or interrupted write always leaves the previous head (and its snapshots) readable.
*/
function storeFailed(action, error) {
	return new QuickboxError("STORE_FAILED", `the snapshot store failed to ${action}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
var SnapshotPersistence = class {
	store;
	maxSnapshotBytes;
	#heads = /* @__PURE__ */ new Map();
	constructor(store, maxSnapshotBytes) {
		this.store = store;
		this.maxSnapshotBytes = maxSnapshotBytes;
	}
	async head(threadId) {
		if (this.#heads.has(threadId)) return this.#heads.get(threadId);
		let head;
		try {
			head = decodeJson(await this.store.get("head:" + threadId)) ?? null;
		} catch (error) {
			throw storeFailed(`read the head of thread "${threadId}"`, error);
		}
		this.#heads.set(threadId, head);
		return head;
	}
	/** The thread's snapshots, full first, for restoring it. */
	async chain(head) {
		const chain = [];
		for (const id of head.chain) {
			let bytes;
			try {
				bytes = await this.store.get(SNAPSHOT_PREFIX + id);
			} catch (error) {
				throw storeFailed(`read snapshot ${id}`, error);
			}
			if (!bytes) throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): snapshot ${id} of thread "${head.threadId}" is missing from the store`, { reason: "truncated" });
			chain.push(bytes);
		}
		return chain;
	}
	/**
	* Stores a snapshot and moves the thread's head to it. Returns a warning instead of throwing
	* when the snapshot is too large or the store fails: the eval's result stands either way.
	*/
	async write(threadId, snapshot, pause) {
		const size = snapshot.bytes.length;
		if (size > this.maxSnapshotBytes) {
			this.#heads.delete(threadId);
			return { warning: `snapshot not stored: ${size} bytes is more than maxSnapshotBytes (${this.maxSnapshotBytes})` };
		}
		const previous = await this.head(threadId).catch(() => null);
		const header = snapshot.header;
		const chain = header.kind === "delta" && previous && previous.chain[previous.chain.length - 1] === header.parent ? [...previous.chain, snapshot.id] : [snapshot.id];
		if (header.kind === "delta" && chain.length === 1) return { warning: "snapshot not stored: its parent is not the thread's head" };
		const head = {
			threadId,
			chain,
			paused: pause.paused,
			interrupts: pause.interrupts,
			updatedAt: Date.now()
		};
		try {
			await this.store.put(SNAPSHOT_PREFIX + snapshot.id, snapshot.bytes, {
				sizeBytes: size,
				createdAt: header.createdAt,
				threadId,
				kind: header.kind
			});
			const headBytes = encodeJson(head);
			await this.store.put(HEAD_PREFIX + threadId, headBytes, {
				sizeBytes: headBytes.length,
				createdAt: head.updatedAt,
				threadId,
				kind: "head"
			});
		} catch (error) {
			this.#heads.delete(threadId);
			return { warning: `snapshot not stored: ${error instanceof Error ? error.message : String(error)}` };
		}
		this.#heads.set(threadId, head);
		return { info: {
			id: snapshot.id,
			threadId,
			sizeBytes: size,
			createdAt: header.createdAt,
			kind: header.kind,
			paused: header.paused
		} };
	}
	/** The chain (full snapshot first) that ends at `snapshotId`, found through the deltas' parent links. */
	async chainEndingAt(snapshotId) {
		const chain = [];
		let target;
		for (let id = snapshotId; id !== void 0;) {
			if (chain.length > 1e4) throw new QuickboxError("SNAPSHOT_REJECTED", "snapshot rejected (truncated): the chain of deltas does not end", { reason: "truncated" });
			let bytes;
			try {
				bytes = await this.store.get(SNAPSHOT_PREFIX + id);
			} catch (error) {
				throw storeFailed(`read snapshot ${id}`, error);
			}
			if (!bytes) throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): snapshot ${id} is missing from the store`, { reason: "truncated" });
			const header = readSnapshotHeader(bytes);
			target ??= header;
			chain.unshift(id);
			id = header.kind === "delta" ? header.parent : void 0;
		}
		return {
			chain,
			target
		};
	}
	/** Points the thread's head at `chain` (time travel); the snapshots themselves are unchanged. */
	async setHead(threadId, chain) {
		const head = {
			threadId,
			chain,
			paused: false,
			interrupts: [],
			updatedAt: Date.now()
		};
		const bytes = encodeJson(head);
		try {
			await this.store.put(HEAD_PREFIX + threadId, bytes, {
				sizeBytes: bytes.length,
				createdAt: head.updatedAt,
				threadId,
				kind: "head"
			});
		} catch (error) {
			this.#heads.delete(threadId);
			throw storeFailed(`move the head of thread "${threadId}"`, error);
		}
		this.#heads.set(threadId, head);
	}
	async forget(threadId) {
		this.#heads.set(threadId, null);
		try {
			await this.store.delete(HEAD_PREFIX + threadId);
			await this.store.delete(LOG_PREFIX + threadId);
		} catch (error) {
			this.#heads.delete(threadId);
			throw storeFailed(`forget thread "${threadId}"`, error);
		}
	}
	async storedThreads() {
		try {
			return await readHeads(this.store);
		} catch (error) {
			throw storeFailed("list threads", error);
		}
	}
	async callLog(threadId) {
		try {
			return decodeJson(await this.store.get("log:" + threadId)) ?? [];
		} catch (error) {
			throw storeFailed(`read the call log of thread "${threadId}"`, error);
		}
	}
	async writeCallLog(threadId, entries) {
		try {
			if (!entries.length) {
				await this.store.delete(LOG_PREFIX + threadId);
				return;
			}
			const bytes = encodeJson(entries);
			await this.store.put(LOG_PREFIX + threadId, bytes, {
				sizeBytes: bytes.length,
				createdAt: Date.now(),
				threadId,
				kind: "log"
			});
		} catch (error) {
			throw storeFailed(`write the call log of thread "${threadId}"`, error);
		}
	}
};
// src/host/thread-directory.ts
/**
* The host's view of threads: which are live in the engine, which are paused (and on what),
* which exist only in the store (hibernated, or from an earlier process). It restores threads
* from their snapshots when needed, stores the snapshots the engine returns, validates and runs
* decisions on paused threads (with a call log for exactly-once effects), and hibernates idle
* threads beyond maxLiveThreads.
*/
var ThreadDirectory = class {
	client;
	executor;
	options;
	#persistence;
	#live = /* @__PURE__ */ new Map();
	/** Pending interrupts of paused threads (live or not). */
	#paused = /* @__PURE__ */ new Map();
	#queues = new SerialQueues();
	/** Threads whose live state was lost outside a request (a restarted worker), with the reason. */
	#lost = /* @__PURE__ */ new Map();
	constructor(client, executor, options) {
		this.client = client;
		this.executor = executor;
		this.options = options;
		this.#persistence = new SnapshotPersistence(options.store, options.maxSnapshotBytes);
		client.onThreadsLost = (threadIds, reason) => {
			for (const threadId of threadIds) {
				this.#live.delete(threadId);
				this.#lost.set(threadId, reason);
			}
		};
	}
	/** After a worker restart, say how the thread came back: from its snapshot, or fresh. */
	#noteRestart(threadId, restored, result) {
		const reason = this.#lost.get(threadId);
		if (reason === void 0) return;
		this.#lost.delete(threadId);
		result.warnings = [restored ? `thread was restarted from its last snapshot (${reason})` : `thread was restarted with a fresh state (${reason})`, ...result.warnings ?? []];
	}
	get persistence() {
		return this.#persistence;
	}
	#emitWarning(threadId, message) {
		try {
			this.options.onEvent?.({
				type: "warning",
				threadId,
				message
			});
		} catch {}
	}
	#emit(event) {
		try {
			this.options.onEvent?.(event);
		} catch {}
	}
	/** What the engine needs to bring a non-live thread back, if it has a stored head. */
	async #restoreFor(threadId) {
		const head = await this.#persistence.head(threadId);
		const storedHead = head?.chain[head.chain.length - 1] ?? null;
		if (this.#live.has(threadId) || !head) return { storedHead };
		if (head.paused && !this.#paused.has(threadId)) this.#paused.set(threadId, head.interrupts);
		return {
			restore: await this.#persistence.chain(head),
			storedHead
		};
	}
	#persistEveryEval() {
		return this.options.storeConfigured && this.options.engine.mode !== "call";
	}
	/** Stores the reply's snapshot (if any), updates live/paused state, hibernates if needed. */
	async #settle(threadId, reply) {
		const result = reply.result;
		const warnings = [...result.warnings ?? []];
		const paused = result.status === "paused";
		if (warnings.some((warning) => warning.startsWith("the thread's state was lost"))) this.#live.delete(threadId);
		else if (this.options.engine.mode === "call" && !paused) this.#live.delete(threadId);
		else {
			const live = this.#live.get(threadId) ?? {
				lastUsed: 0,
				dirty: true
			};
			live.lastUsed = performance.now();
			live.dirty = true;
			this.#live.set(threadId, live);
		}
		if (paused) this.#paused.set(threadId, result.interrupts ?? []);
		else this.#paused.delete(threadId);
		if (reply.snapshotError) warnings.push(`snapshot not taken: ${reply.snapshotError}`);
		if (reply.snapshot) {
			const written = await this.#store(threadId, reply.snapshot, result.interrupts ?? []);
			if (written.warning) warnings.push(written.warning);
		}
		if (paused) this.#emit({
			type: "pause",
			threadId,
			interrupts: result.interrupts ?? []
		});
		for (const warning of warnings.slice((result.warnings ?? []).length)) this.#emitWarning(threadId, warning);
		if (warnings.length) result.warnings = warnings;
		return result;
	}
	async #store(threadId, snapshot, interrupts) {
		const written = await this.#persistence.write(threadId, snapshot, {
			paused: snapshot.header.paused,
			interrupts
		});
		if (written.info) {
			const live = this.#live.get(threadId);
			if (live) live.dirty = false;
			this.#emit({
				type: "snapshot",
				threadId,
				snapshot: written.info
			});
		}
		return written;
	}
	async eval(code, threadId, signal, skills) {
		const result = await this.#queues.run(threadId, async () => {
			if (this.#paused.has(threadId) || (await this.#persistence.head(threadId))?.paused) throw new QuickboxError("THREAD_PAUSED", `thread "${threadId}" is paused waiting for decisions; resume it (or reset it) first`);
			const { restore, storedHead } = await this.#restoreFor(threadId);
			const reply = await this.client.eval({
				code,
				threadId,
				...signal ? { signal } : {},
				...skills ? { skills } : {},
				...restore ? { restore } : {},
				...this.#persistEveryEval() ? { persist: { storedHead } } : {}
			}, this.executor);
			if (restore !== void 0 && reply.result.error?.type === "SnapshotError" && !reply.snapshot) return reply.result;
			this.#noteRestart(threadId, restore !== void 0, reply.result);
			return this.#settle(threadId, reply);
		});
		await this.#hibernateIdle();
		return result;
	}
	#toDecision(interrupt, decision) {
		const invalid = (message) => new QuickboxError("INVALID_OPTIONS", `decision for ${interrupt.id}: ${message}`);
		if (typeof decision !== "object" || decision === null || typeof decision.type !== "string") throw invalid("must be { type: approve | edit | reject | respond, … }");
		if (!interrupt.allowedDecisions.includes(decision.type)) throw new QuickboxError("DECISION_NOT_ALLOWED", `interrupt ${interrupt.id} (${interrupt.name}) allows ${interrupt.allowedDecisions.join(", ")}, not ${decision.type}`);
		switch (decision.type) {
			case "approve": return {
				interruptId: interrupt.id,
				run: { args: JSON.stringify(interrupt.args) }
			};
			case "edit": {
				if (!("args" in decision)) throw invalid("edit needs args");
				const args = JSON.stringify(decision.args);
				if (args === void 0) throw invalid("edit args must be JSON data");
				return {
					interruptId: interrupt.id,
					run: { args }
				};
			}
			case "reject": return {
				interruptId: interrupt.id,
				result: {
					ok: false,
					error: {
						name: "ToolRejected",
						message: typeof decision.message === "string" && decision.message ? decision.message : `${interrupt.name} was rejected`
					}
				}
			};
			case "respond": try {
				return {
					interruptId: interrupt.id,
					result: {
						ok: true,
						...encodeForGuest(decision.value, this.options.engine.maxToolPayloadBytes)
					}
				};
			} catch (error) {
				throw invalid(error instanceof PayloadError ? error.message : String(error));
			}
			default: throw invalid(`unknown decision type ${JSON.stringify(decision.type)}`);
		}
	}
	#checkToolExists(interrupt) {
		if (interrupt.kind === "task" ? !this.options.subagents : !this.options.tools.get(interrupt.name)) throw new QuickboxError("TOOL_MISSING", `interrupt ${interrupt.id} needs ${interrupt.kind === "task" ? "subagents (task())" : `the tool "${interrupt.name}"`}, which this interpreter does not have`);
	}
	/** Calls that were executing when a process died: ask `recover`, never re-run silently. */
	async #recoveredDecisions(threadId, pending, log) {
		const decided = /* @__PURE__ */ new Map();
		for (const entry of log) {
			const interrupt = pending.find((candidate) => candidate.id === entry.interruptId);
			if (!interrupt) continue;
			const choice = this.options.recover ? await this.options.recover({
				threadId,
				callId: entry.callId,
				name: entry.name,
				args: entry.args
			}) : "fail";
			decided.set(interrupt.id, choice === "retry" ? {
				interruptId: interrupt.id,
				run: { args: JSON.stringify(entry.args) }
			} : {
				interruptId: interrupt.id,
				result: {
					ok: false,
					error: {
						name: "ToolError",
						message: `${entry.name} was executing when the process stopped; it was not run again (recover: fail)`
					}
				}
			});
		}
		return decided;
	}
	async resume(threadId, decisions, signal) {
		if (typeof decisions !== "object" || decisions === null) throw new QuickboxError("INVALID_OPTIONS", "resume(threadId, decisions): decisions must be an object keyed by interrupt id");
		const result = await this.#queues.run(threadId, async () => {
			const head = await this.#persistence.head(threadId);
			const pending = this.#paused.get(threadId) ?? (head?.paused ? head.interrupts : void 0);
			if (!pending) {
				if (!this.#live.has(threadId) && !head) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${threadId}"`);
				throw new QuickboxError("NOT_PAUSED", `thread "${threadId}" is not paused`);
			}
			const previousLog = await this.#persistence.callLog(threadId);
			const recovered = await this.#recoveredDecisions(threadId, pending, previousLog);
			const chosen = new Map(recovered);
			for (const [interruptId, decision] of Object.entries(decisions)) {
				const interrupt = pending.find((candidate) => candidate.id === interruptId);
				if (!interrupt) throw new QuickboxError("UNKNOWN_INTERRUPT", `thread "${threadId}" has no pending interrupt ${interruptId} (pending: ${pending.map((i) => i.id).join(", ")})`);
				if (chosen.has(interruptId)) continue;
				chosen.set(interruptId, this.#toDecision(interrupt, decision));
			}
			for (const [interruptId, decision] of chosen) if ("run" in decision) this.#checkToolExists(pending.find((interrupt) => interrupt.id === interruptId));
			const executing = [...chosen.values()].filter((decision) => "run" in decision).map((decision) => {
				const interrupt = pending.find((candidate) => candidate.id === decision.interruptId);
				return {
					interruptId: interrupt.id,
					callId: interrupt.id,
					name: interrupt.name,
					args: JSON.parse(decision.run.args),
					state: "executing"
				};
			});
			const { restore, storedHead } = await this.#restoreFor(threadId);
			if (executing.length || recovered.size) await this.#persistence.writeCallLog(threadId, executing);
			let reply;
			try {
				reply = await this.client.resume({
					threadId,
					decisions: [...chosen.values()],
					...signal ? { signal } : {},
					...restore ? { restore } : {},
					persist: { storedHead }
				}, this.executor);
			} catch (error) {
				if (isQuickboxError(error) && error.code === "SNAPSHOT_REJECTED" && (executing.length || recovered.size)) await this.#persistence.writeCallLog(threadId, previousLog).catch(() => {});
				throw error;
			}
			this.#noteRestart(threadId, restore !== void 0, reply.result);
			const settled = await this.#settle(threadId, reply);
			if (executing.length || recovered.size) await this.#persistence.writeCallLog(threadId, []);
			return settled;
		});
		await this.#hibernateIdle();
		return result;
	}
	async snapshot(threadId) {
		return this.#queues.run(threadId, async () => {
			const { restore, storedHead } = await this.#restoreFor(threadId);
			if (!this.#live.has(threadId) && !restore) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${threadId}"`);
			const snapshot = await this.client.snapshot(threadId, {
				storedHead,
				...restore ? { restore } : {}
			});
			this.#live.set(threadId, {
				lastUsed: performance.now(),
				dirty: false
			});
			const written = await this.#store(threadId, snapshot, this.#paused.get(threadId) ?? []);
			if (!written.info) throw new QuickboxError("STORE_FAILED", written.warning ?? "the snapshot was not stored");
			return written.info;
		});
	}
	async endTurn(threadId) {
		const mode = this.options.engine.mode;
		if (mode === "turn") return this.reset(threadId);
		if (mode === "thread" && (this.#live.has(threadId) || await this.#persistence.head(threadId))) await this.snapshot(threadId);
	}
	async fork(from, to) {
		if (from === to) throw new QuickboxError("THREAD_EXISTS", `fork: the target is the source thread "${from}"`);
		await this.#queues.run(to, async () => {
			if (this.#live.has(to) || await this.#persistence.head(to)) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
			const snapshot = await this.#queues.run(from, async () => {
				const { restore, storedHead } = await this.#restoreFor(from);
				if (!this.#live.has(from) && !restore) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${from}"`);
				const made = await this.client.fork(from, to, restore ? {
					restore,
					storedHead
				} : {});
				if (restore) this.#live.set(from, {
					lastUsed: performance.now(),
					dirty: false
				});
				return made;
			});
			this.#live.set(to, {
				lastUsed: performance.now(),
				dirty: false
			});
			const interrupts = this.#paused.get(from);
			if (interrupts) this.#paused.set(to, interrupts);
			const written = await this.#store(to, snapshot, interrupts ?? []);
			if (written.warning) this.#emitWarning(to, written.warning);
		});
		await this.#hibernateIdle();
	}
	/** Moves the thread to the state of one of its stored snapshots (time travel). */
	async checkout(threadId, snapshotId) {
		await this.#queues.run(threadId, async () => {
			const { chain, target } = await this.#persistence.chainEndingAt(snapshotId);
			if (target.threadId !== threadId) throw new QuickboxError("INVALID_OPTIONS", `checkout: snapshot ${snapshotId.slice(0, 12)}… belongs to thread "${target.threadId}", not "${threadId}" (use fork to copy a thread)`);
			if (target.paused) throw new QuickboxError("INVALID_OPTIONS", `checkout: snapshot ${snapshotId.slice(0, 12)}… is of a paused thread; resume the thread instead`);
			await this.client.drop(threadId);
			this.#live.delete(threadId);
			this.#paused.delete(threadId);
			await this.#persistence.setHead(threadId, chain);
		});
	}
	async reset(threadId) {
		await this.#queues.run(threadId, async () => {
			await this.client.drop(threadId);
			this.#live.delete(threadId);
			this.#paused.delete(threadId);
			if (await this.#persistence.head(threadId)) await this.#persistence.forget(threadId);
		});
	}
	async threads() {
		const live = await this.client.threads();
		const byId = new Map(live.map((info) => [info.threadId, info]));
		for (const head of await this.#persistence.storedThreads()) {
			if (byId.has(head.threadId)) continue;
			byId.set(head.threadId, {
				threadId: head.threadId,
				state: head.paused ? "paused" : "hibernated",
				pendingInterrupts: head.paused ? head.interrupts.length : 0
			});
		}
		for (const info of byId.values()) {
			if (info.state !== "paused") continue;
			const head = this.#paused.has(info.threadId) ? null : await this.#persistence.head(info.threadId);
			info.interrupts = this.#paused.get(info.threadId) ?? (head?.paused ? head.interrupts : []);
		}
		return [...byId.values()];
	}
	/** Idle threads beyond maxLiveThreads are snapshotted (if changed) and dropped from the engine. */
	async #hibernateIdle() {
		const excess = this.#live.size - this.options.maxLiveThreads;
		if (excess <= 0) return;
		const idle = [...this.#live.entries()].filter(([threadId]) => !this.#queues.busy(threadId)).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
		for (const [threadId] of idle.slice(0, excess)) await this.#queues.run(threadId, async () => {
			const live = this.#live.get(threadId);
			if (!live) return;
			try {
				if (live.dirty || !await this.#persistence.head(threadId)) {
					const head = await this.#persistence.head(threadId);
					const snapshot = await this.client.snapshot(threadId, { storedHead: head?.chain[head.chain.length - 1] ?? null });
					const written = await this.#store(threadId, snapshot, this.#paused.get(threadId) ?? []);
					if (!written.info) {
						this.#emitWarning(threadId, `thread not hibernated: ${written.warning}`);
						return;
					}
				}
				await this.client.drop(threadId);
				this.#live.delete(threadId);
			} catch (error) {
				this.#emitWarning(threadId, `thread not hibernated: ${error instanceof Error ? error.message : String(error)}`);
			}
		});
	}
};
// src/interpreter.ts
/** createInterpreter: the public entry point (DESIGN.md §3). */
/** A cell that imports a skill the host cannot provide fails before any of it runs. */
function skillNotAvailable(message) {
	return {
		status: "error",
		text: renderWire(null, {
			kind: "error",
			type: "SkillNotAvailable",
			body: message,
			droppedChars: 0
		}),
		stdout: "",
		error: {
			type: "SkillNotAvailable",
			message
		},
		toolCalls: 0,
		durationMs: 0
	};
}
var asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");
function validThreadId(threadId) {
	if (threadId === void 0) return "default";
	if (typeof threadId !== "string" || threadId.length === 0 || threadId.length > 256) throw new QuickboxError("INVALID_OPTIONS", "threadId must be a non-empty string of at most 256 characters");
	return threadId;
}
function validEvalOptions(code, options) {
	if (typeof code !== "string") throw new QuickboxError("INVALID_OPTIONS", `eval(code): code must be a string, got ${typeof code}`);
	if (options !== void 0 && (typeof options !== "object" || options === null)) throw new QuickboxError("INVALID_OPTIONS", "eval: options must be an object");
	const threadId = validThreadId(options?.threadId);
	const signal = options?.signal;
	if (signal !== void 0 && !(signal instanceof AbortSignal)) throw new QuickboxError("INVALID_OPTIONS", "eval: signal must be an AbortSignal");
	return {
		threadId,
		...signal ? { signal } : {}
	};
}
async function createInterpreter(options) {
	const resolved = resolveOptions(options);
	const manifest = {
		tools: resolved.tools.manifest(),
		subagents: resolved.subagents ? resolved.subagents.manifest() : {
			enabled: false,
			types: []
		}
	};
	const executor = new CallExecutor(resolved.tools, resolved.subagents, {
		maxToolPayloadBytes: resolved.engine.maxToolPayloadBytes,
		sanitizeToolErrors: resolved.sanitizeToolErrors,
		...resolved.onEvent ? { onEvent: resolved.onEvent } : {}
	});
	let client;
	if (resolved.isolation === "worker") client = await WorkerPool.start({
		engine: resolved.engine,
		manifest,
		workers: resolved.workers,
		wasmModule: resolved.wasmModule,
		...resolved.onEvent ? { onEvent: resolved.onEvent } : {}
	});
	else {
		const core = await createEngine(resolved.engine, manifest, resolved.wasmModule);
		core.onThreadLost = (threadId, reason) => resolved.onEvent?.({
			type: "restart",
			threadId,
			reason
		});
		client = new InlineClient(core);
	}
	const threads = new ThreadDirectory(client, executor, resolved);
	const prompt = renderSystemPrompt(resolved);
	let disposed = false;
	const assertAlive = () => {
		if (disposed) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
	};
	const dispose = async () => {
		if (disposed) return;
		disposed = true;
		await client.dispose();
	};
	return {
		async eval(code, evalOptions) {
			assertAlive();
			const { threadId, signal } = validEvalOptions(code, evalOptions);
			let skills;
			const referenced = resolved.skills ? SkillLibrary.referenced(code) : [];
			if (resolved.skills && referenced.length) {
				const loaded = await resolved.skills.load(referenced);
				if (!loaded.ok) return skillNotAvailable(loaded.message);
				skills = loaded.skills;
			}
			return threads.eval(code, threadId, signal, skills);
		},
		async resume(threadId, decisions, resumeOptions) {
			assertAlive();
			const signal = resumeOptions?.signal;
			if (signal !== void 0 && !(signal instanceof AbortSignal)) throw new QuickboxError("INVALID_OPTIONS", "resume: signal must be an AbortSignal");
			return threads.resume(validThreadId(threadId), decisions, signal);
		},
		async endTurn(threadId) {
			assertAlive();
			return threads.endTurn(validThreadId(threadId));
		},
		async snapshot(threadId) {
			assertAlive();
			return threads.snapshot(validThreadId(threadId));
		},
		async fork(fromThreadId, toThreadId) {
			assertAlive();
			return threads.fork(validThreadId(fromThreadId), validThreadId(toThreadId));
		},
		async checkout(threadId, snapshotId) {
			assertAlive();
			if (typeof snapshotId !== "string" || !/^[0-9a-f]{64}$/.test(snapshotId)) throw new QuickboxError("INVALID_OPTIONS", "checkout: snapshotId must be a snapshot id (64 hex characters)");
			return threads.checkout(validThreadId(threadId), snapshotId);
		},
		async reset(threadId) {
			assertAlive();
			return threads.reset(validThreadId(threadId));
		},
		async threads() {
			assertAlive();
			return threads.threads();
		},
		systemPrompt: () => prompt,
		dispose,
		[asyncDispose]: dispose
	};
}
export { memoryStore as n, createInterpreter as t };
