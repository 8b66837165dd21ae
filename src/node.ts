/** quickbox/node: Node-only pieces. */
export { fsStore } from "./stores/fs-store.js";
