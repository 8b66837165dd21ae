/** Types of ast-children.mjs. */
export function isNode(value: unknown): boolean;
export function childNodes(node: object): object[];
