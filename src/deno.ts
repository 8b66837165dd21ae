/** quickbox/deno: Deno (see src/adapters/deno/). */
export {};
