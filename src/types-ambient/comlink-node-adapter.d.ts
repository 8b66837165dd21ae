declare module "comlink/dist/esm/node-adapter.mjs" {
  import type { Endpoint } from "comlink";
  /** comlink's adapter from a Node MessagePort / Worker to a web-style Endpoint. */
  export default function nodeEndpoint(nodeEndpoint: unknown): Endpoint;
}
