// The child nodes of an acorn (ESTree) node, in source order: what the prelude build's own walks
// (prelude-pieces.mjs, builtin-captures.mjs) descend into.

export function isNode(value) {
  return value !== null && typeof value === "object" && typeof value.type === "string";
}

/** Every child node of `node`, in source order; a shorthand property's key and value (one piece of text) once. */
export function childNodes(node) {
  const list = [];
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) list.push(item);
    } else if (isNode(value)) list.push(value);
  }
  list.sort((a, b) => a.start - b.start || b.end - a.end);
  return list.filter((child, index) => index === 0 || child.start >= list[index - 1].end);
}
