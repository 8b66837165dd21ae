/** quickbox/cloudflare: Cloudflare Workers (see src/adapters/cloudflare/). */
export {};
