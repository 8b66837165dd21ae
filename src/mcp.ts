/** quickbox/mcp: adapter (in progress). */
export {};
