/**
 * The playground's tools: they run on this page's main thread over the bundled sample data, with
 * a short simulated latency so calls can be watched as they happen. `send_email` and
 * `pay_invoice` need approval (see INTERRUPT_ON).
 */
import type { InterpreterOptions, SubagentOptions, ToolContext, ToolDefinition } from "quickbox";
import { CATALOGUE, ORDERS, WEATHER, type Product } from "./sample-data.js";

/** Receives every tool and subagent result, by call id, for the calls panel. */
export type ResultListener = (callId: string, outcome: { ok: true; value: unknown } | { ok: false; error: string }) => void;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("cancelled"));
    });
  });
}

const flakyAttempts = new Map<string, number>();

interface SearchInput {
  query: string;
  maxPriceUsd?: number;
  limit?: number;
}

export function sampleTools(onResult: ResultListener): ToolDefinition<never>[] {
  const tool = <T>(definition: ToolDefinition<T> & { latencyMs: number }): ToolDefinition<never> => ({
    name: definition.name,
    ...(definition.description ? { description: definition.description } : {}),
    ...(definition.inputSchema ? { inputSchema: definition.inputSchema } : {}),
    ...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
    execute: async (input: never, context: ToolContext) => {
      await pause(definition.latencyMs, context.signal);
      try {
        const value = await definition.execute(input as T, context);
        onResult(context.callId, { ok: true, value });
        return value;
      } catch (error) {
        onResult(context.callId, { ok: false, error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
  });

  return [
    tool<SearchInput>({
      name: "search_products",
      description: "Search the hardware catalogue by words in the product name or category.",
      latencyMs: 120,
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: "words to match, e.g. 'hammer'" },
          maxPriceUsd: { type: "number" },
          limit: { type: "integer", minimum: 1, maximum: 20 },
        },
        required: ["query"],
        additionalProperties: false,
      },
      execute: ({ query, maxPriceUsd, limit = 5 }): Product[] => {
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        return CATALOGUE.filter((product) => words.some((word) => `${product.name} ${product.category}`.toLowerCase().includes(word)))
          .filter((product) => maxPriceUsd === undefined || product.priceUsd <= maxPriceUsd)
          .slice(0, limit);
      },
    }),
    tool<{ city: string }>({
      name: "get_weather",
      description: "Current weather for a city (Lisbon, Oslo, Nairobi, Tokyo, Lima, Denver, Cairo, Reykjavik).",
      latencyMs: 200,
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
      execute: ({ city }) => {
        const weather = WEATHER[city.toLowerCase()];
        if (!weather) throw new Error(`no weather station in "${city}"`);
        return { city, ...weather };
      },
    }),
    tool<{ orderId: string }>({
      name: "get_order",
      description: "Look up an order by id (A-1001 … A-1005).",
      latencyMs: 80,
      inputSchema: { type: "object", properties: { orderId: { type: "string" } }, required: ["orderId"], additionalProperties: false },
      execute: ({ orderId }) => {
        const order = ORDERS.find((candidate) => candidate.orderId === orderId);
        if (!order) throw new Error(`order ${orderId} not found`);
        return order;
      },
    }),
    tool<{ sku: string }>({
      name: "check_stock",
      description: "Stock level of a product at the warehouse. The warehouse API is flaky: it fails about half the time, so retry.",
      latencyMs: 60,
      inputSchema: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"], additionalProperties: false },
      execute: ({ sku }) => {
        const attempt = (flakyAttempts.get(sku) ?? 0) + 1;
        flakyAttempts.set(sku, attempt);
        if (attempt % 3 !== 0) throw new Error("warehouse API: 503 Service Unavailable");
        const product = CATALOGUE.find((candidate) => candidate.sku === sku);
        if (!product) throw new Error(`unknown sku ${sku}`);
        return { sku, stock: product.stock, attempt };
      },
    }),
    tool<{ to: string; subject: string; body: string }>({
      name: "send_email",
      description: "Send an email to a customer. Needs a person's approval.",
      latencyMs: 150,
      inputSchema: {
        type: "object",
        properties: { to: { type: "string" }, subject: { type: "string" }, body: { type: "string" } },
        required: ["to", "subject", "body"],
        additionalProperties: false,
      },
      execute: ({ to, subject }) => ({ sent: true, to, subject, messageId: `msg-${to.split("@")[0]}-${subject.length}` }),
    }),
    tool<{ invoiceId: string; amountUsd: number }>({
      name: "pay_invoice",
      description: "Pay an invoice. Needs a person's approval.",
      latencyMs: 150,
      inputSchema: {
        type: "object",
        properties: { invoiceId: { type: "string" }, amountUsd: { type: "number", exclusiveMinimum: 0 } },
        required: ["invoiceId", "amountUsd"],
        additionalProperties: false,
      },
      execute: ({ invoiceId, amountUsd }) => ({ paid: true, invoiceId, amountUsd, confirmation: `PAY-${invoiceId.slice(4)}` }),
    }),
  ];
}

/** Tools that pause the program for a decision in the approvals panel. */
export const INTERRUPT_ON: InterpreterOptions["interruptOn"] = { send_email: true, pay_invoice: true };

/** A simulated subagent: answers `task()` after a short think, from the sample data. */
export function sampleSubagents(onResult: ResultListener): SubagentOptions {
  return {
    types: [
      { name: "researcher", description: "Finds facts about a product category in the catalogue and summarises them." },
      { name: "critic", description: "Reviews a short text and returns one sentence of criticism." },
    ],
    dispatch: async (request, context) => {
      await pause(300, context.signal);
      let reply: string;
      if (request.subagentType === "researcher") {
        const matches = CATALOGUE.filter((product) => request.description.toLowerCase().includes(product.category));
        const cheapest = [...matches].sort((a, b) => a.priceUsd - b.priceUsd)[0];
        reply = matches.length
          ? `${matches.length} ${matches[0]!.category} products; cheapest ${cheapest!.name} at $${cheapest!.priceUsd}; best rated ${[...matches].sort((a, b) => b.rating - a.rating)[0]!.name}.`
          : `Nothing in the catalogue matches "${request.description}".`;
      } else {
        reply = `The text "${request.description.slice(0, 40)}" could be shorter.`;
      }
      onResult(context.callId, { ok: true, value: reply });
      return reply;
    },
  };
}
