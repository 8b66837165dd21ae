import { a as Inbox, i as toWireError, l as detectRuntime, n as isHostToWorker, o as createEngine, t as listen } from "./port-listener-cvVA4Qrt.js";
import * as Comlink from "comlink";
async function reply(work) {
	try {
		return {
			ok: true,
			value: await work()
		};
	} catch (error) {
		return {
			ok: false,
			error: toWireError(error)
		};
	}
}
var WorkerService = class {
	#core = null;
	#port = null;
	#running = /* @__PURE__ */ new Map();
	/** Shared with the host (where SharedArrayBuffer exists): slot id % length holds a cancelled eval's id. */
	#cancelFlags = null;
	#heartbeat = null;
	api = {
		init: (options, manifest, port, wasmModule, cancelFlags) => reply(async () => {
			if (cancelFlags) this.#cancelFlags = new Int32Array(cancelFlags);
			this.#core = await createEngine(options, manifest, wasmModule);
			this.#core.onThreadLost = (threadId, reason) => this.#post({
				t: "lost",
				threadId,
				reason
			});
			this.#port = port;
			listen(port, (data) => this.#onMessage(data));
			return null;
		}),
		snapshot: (threadId, options) => reply(() => this.#requireCore().snapshot(threadId, options)),
		fork: (from, to, options) => reply(() => this.#requireCore().fork(from, to, options)),
		drop: (threadId) => reply(async () => {
			await this.#requireCore().drop(threadId);
			return null;
		}),
		threads: () => reply(() => this.#requireCore().threads()),
		dispose: async () => {
			for (const running of this.#running.values()) running.controller.abort();
			this.#core?.dispose();
			this.#stopHeartbeat();
			this.#port?.close();
		}
	};
	#requireCore() {
		if (!this.#core) throw new Error("quickbox worker: not initialised");
		return this.#core;
	}
	#post(message) {
		this.#port?.postMessage(message);
	}
	#onMessage(data) {
		if (!isHostToWorker(data)) return;
		const message = data;
		switch (message.t) {
			case "eval":
			case "resume":
				this.#run(message);
				break;
			case "results":
				this.#running.get(message.id)?.inbox.push(message.results);
				break;
			case "cancel": this.#running.get(message.id)?.controller.abort();
		}
	}
	async #run(message) {
		const { id, threadId } = message;
		const running = {
			inbox: new Inbox(),
			controller: new AbortController()
		};
		if (message.aborted) running.controller.abort();
		this.#running.set(id, running);
		this.#startHeartbeat();
		try {
			const channel = {
				send: (calls) => this.#post({
					t: "calls",
					id,
					calls
				}),
				receive: () => running.inbox.receive()
			};
			const flags = this.#cancelFlags;
			const common = {
				threadId,
				signal: running.controller.signal,
				...flags ? { pollCancel: () => void (Atomics.load(flags, id % flags.length) === id && running.controller.abort()) } : {},
				...message.restore ? { restore: message.restore } : {},
				...message.persist ? { persist: message.persist } : {}
			};
			const reply = message.t === "eval" ? await this.#requireCore().eval({
				...common,
				code: message.code,
				...message.skills ? { skills: message.skills } : {}
			}, channel) : await this.#requireCore().resume({
				...common,
				decisions: message.decisions
			}, channel);
			this.#port?.postMessage({
				t: "done",
				id,
				reply
			}, reply.snapshot ? [reply.snapshot.bytes.buffer] : []);
		} catch (error) {
			this.#post({
				t: "failed",
				id,
				error: toWireError(error)
			});
		} finally {
			this.#running.delete(id);
			if (!this.#running.size) this.#stopHeartbeat();
		}
	}
	#startHeartbeat() {
		this.#heartbeat ??= setInterval(() => this.#post({ t: "heartbeat" }), 200);
	}
	#stopHeartbeat() {
		if (this.#heartbeat) clearInterval(this.#heartbeat);
		this.#heartbeat = null;
	}
};
// src/worker/entry.ts
/**
* The engine worker's entry (dist/worker.js; `quickbox/worker` for users who bundle it
* themselves). It exposes the control API over comlink to its creator only: a dedicated Web
* Worker's or worker_thread's parent is the one party that can message it.
*/
async function parentEndpoint() {
	if (detectRuntime() === "node") {
		const { parentPort } = await import(
			/* @vite-ignore */
			/* webpackIgnore: true */
			"node:worker_threads"
);
		const { default: nodeEndpoint } = await import("comlink/dist/esm/node-adapter.mjs");
		if (!parentPort) throw new Error("quickbox worker: not started as a worker thread");
		return nodeEndpoint(parentPort);
	}
	return globalThis;
}
parentEndpoint().then((endpoint) => Comlink.expose(new WorkerService().api, endpoint));
