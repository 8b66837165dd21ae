/** quickbox/ai: adapter (in progress). */
export {};
