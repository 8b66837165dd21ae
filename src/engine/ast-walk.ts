/**
 * Small generic walks over an acorn tree (no visitor keys to keep up to date: every property
 * holding nodes is a child). Iterative, so a cell that nests thousands deep cannot overflow the
 * host's stack.
 */
import type { AnyNode, Node } from "acorn";

function isNode(value: unknown): value is AnyNode {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string" && typeof (value as Node).start === "number";
}

/** The node's children, in source order. */
export function childrenOf(node: Node): AnyNode[] {
  const children: AnyNode[] = [];
  for (const key in node) {
    if (key === "loc" || key === "range") continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) children.push(item);
    } else if (isNode(value)) children.push(value);
  }
  return children.sort((a, b) => a.start - b.start);
}

/** The nodes that contain `index` (start ≤ index < end), outermost first. */
export function pathTo(root: Node, index: number): AnyNode[] {
  const path: AnyNode[] = [root as AnyNode];
  let current: Node = root;
  for (;;) {
    const next = childrenOf(current).find((child) => child.start <= index && index < child.end);
    if (!next) return path;
    path.push(next);
    current = next;
  }
}

/** Every node under `root` (itself included) for which `visit` returns true; `descend` prunes. */
export function collect(root: Node, visit: (node: AnyNode, parent: AnyNode | null) => boolean, descend: (node: AnyNode) => boolean = () => true): { node: AnyNode; parent: AnyNode | null }[] {
  const found: { node: AnyNode; parent: AnyNode | null }[] = [];
  const pending: { node: AnyNode; parent: AnyNode | null }[] = [{ node: root as AnyNode, parent: null }];
  while (pending.length) {
    const entry = pending.pop()!;
    if (visit(entry.node, entry.parent)) found.push(entry);
    if (entry.parent !== null && !descend(entry.node)) continue;
    const children = childrenOf(entry.node);
    for (let i = children.length - 1; i >= 0; i--) pending.push({ node: children[i]!, parent: entry.node });
  }
  return found;
}

export const FUNCTION_TYPES = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** UTF-16 index of a QuickJS position: 1-based line, 1-based column counted in code points. */
export function indexOfPosition(code: string, line: number, column: number): number | null {
  let index = 0;
  for (let current = 1; current < line; current++) {
    const newline = code.indexOf("\n", index);
    if (newline < 0) return null;
    index = newline + 1;
  }
  for (let counted = 1; counted < column; counted++) {
    if (index >= code.length || code[index] === "\n") return null;
    const unit = code.charCodeAt(index);
    index += unit >= 0xd800 && unit <= 0xdbff && index + 1 < code.length ? 2 : 1;
  }
  return index;
}
