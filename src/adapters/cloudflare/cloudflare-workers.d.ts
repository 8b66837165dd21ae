/**
 * The part of workerd's built-in "cloudflare:workers" module quickbox uses. The full types are in
 * @cloudflare/workers-types, which users of quickbox/cloudflare normally have installed.
 */
declare module "cloudflare:workers" {
  export abstract class DurableObject<Env = unknown> {
    protected ctx: { readonly storage: unknown; readonly id: unknown };
    protected env: Env;
    constructor(ctx: unknown, env: Env);
  }
}
