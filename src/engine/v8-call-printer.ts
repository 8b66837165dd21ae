/**
 * How V8 names an expression in an error message (`a.b is not a function`, `obj is not
 * iterable`): a port of V8's CallPrinter (src/ast/prettyprinter.cc) to ESTree nodes, checked
 * against Node 20 (test/fixtures/node-errors.json). Its quirks are kept on purpose, since
 * programs and models read them: a string key prints as a property (`h["on-click"]` → `h.on-click`),
 * a call in the chain as `(...)`, anything it cannot print as `(intermediate value)` (once per
 * statement of a function, per property of an object literal), a template literal as its
 * substitutions. V8's parser folds number literals (`-1`, `1 + 2`), so this printer does too.
 */
import type { AnyNode, Expression, Literal, Node, PrivateIdentifier, SpreadElement, Super } from "acorn";

const INTERMEDIATE = "(intermediate value)";
/** V8 prints a RegExp literal's flags in this order. */
const REGEXP_FLAG_ORDER = "dgilmsuvy";
/** Binary operators V8's parser folds when both sides are number literals. */
const FOLDED_BINARY: Record<string, (a: number, b: number) => number> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => a / b,
  "%": (a, b) => a % b,
  "**": (a, b) => a ** b,
  "|": (a, b) => a | b,
  "&": (a, b) => a & b,
  "^": (a, b) => a ^ b,
  "<<": (a, b) => a << b,
  ">>": (a, b) => a >> b,
  ">>>": (a, b) => a >>> b,
};
/** Printing gives up past this depth (a hostile cell can nest expressions thousands deep). */
const MAX_DEPTH = 200;

type Printable = AnyNode | Expression | Super | PrivateIdentifier | SpreadElement;

/** The number a node is once V8's parser has folded it, or null (also past MAX_DEPTH levels). */
export function foldedNumber(node: Node, depth = 0): number | null {
  const expression = node as AnyNode;
  if (expression.type === "Literal") return typeof expression.value === "number" ? expression.value : null;
  if (depth > MAX_DEPTH) return null;
  if (expression.type === "UnaryExpression") {
    const value = foldedNumber(expression.argument, depth + 1);
    if (value === null) return null;
    if (expression.operator === "-") return -value;
    if (expression.operator === "+") return value;
    if (expression.operator === "~") return ~value;
    return null;
  }
  if (expression.type === "BinaryExpression") {
    const fold = FOLDED_BINARY[expression.operator];
    const left = fold ? foldedNumber(expression.left, depth + 1) : null;
    const right = left === null ? null : foldedNumber(expression.right, depth + 1);
    return right === null ? null : fold!(left!, right);
  }
  return null;
}

/** A property key V8 prints after a dot: an identifier, a string literal, a template without substitutions. */
export function staticKey(property: Node, computed: boolean): string | null {
  const node = property as AnyNode;
  if (!computed) return node.type === "Identifier" ? node.name : null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? null;
  return null;
}

class CallPrinter {
  #text = "";
  #prints = 0;
  #depth = 0;

  get text(): string {
    return this.#text;
  }

  print(text: string): void {
    this.#prints++;
    this.#text += text;
  }

  /** V8's Find(node, print) once the error's node was found: print it, or `(intermediate value)`. */
  find(node: Printable | null | undefined, print: boolean): void {
    if (print && node && this.#depth < MAX_DEPTH) {
      const before = this.#prints;
      this.#depth++;
      try {
        this.visit(node);
      } finally {
        this.#depth--;
      }
      if (this.#prints !== before) return;
    }
    this.print(INTERMEDIATE);
  }

  visit(node: Printable): void {
    const folded = foldedNumber(node);
    if (folded !== null) return this.print(String(folded));
    switch (node.type) {
      case "Identifier":
        return this.print(node.name);
      case "ThisExpression":
        return this.print("this");
      case "Literal":
        return this.literal(node);
      case "TemplateLiteral":
        if (node.expressions.length === 0) return this.print(`"${node.quasis[0]?.value.cooked ?? ""}"`);
        for (const expression of node.expressions) this.find(expression, true);
        return;
      case "MemberExpression": {
        const key = node.property.type === "PrivateIdentifier" ? null : staticKey(node.property, node.computed);
        this.find(node.object, true);
        if (key !== null) return this.print(`${node.optional ? "?" : ""}.${key}`);
        this.print(node.optional ? "?.[" : "[");
        if (node.property.type === "PrivateIdentifier") this.print(`#${node.property.name}`);
        else this.find(node.property, true);
        return this.print("]");
      }
      case "CallExpression":
        this.find(node.callee, true);
        return this.print("(...)");
      case "TaggedTemplateExpression":
        this.find(node.tag, true);
        return this.print("(...)");
      case "NewExpression":
      case "ChainExpression":
      case "AwaitExpression":
      case "YieldExpression":
        return this.find(null, false);
      case "UnaryExpression": {
        const spaced = node.operator === "delete" || node.operator === "typeof" || node.operator === "void";
        this.print(`(${node.operator}${spaced ? " " : ""}`);
        this.find(node.argument, true);
        return this.print(")");
      }
      case "UpdateExpression":
        this.print(`(${node.prefix ? node.operator : ""}`);
        this.find(node.argument, true);
        return this.print(`${node.prefix ? "" : node.operator})`);
      case "BinaryExpression":
      case "LogicalExpression":
        return this.operation(node.operator, this.chain(node));
      case "SequenceExpression":
        return this.operation(",", node.expressions);
      case "ConditionalExpression":
        this.find(node.test, false);
        this.find(node.consequent, false);
        return this.find(node.alternate, false);
      case "AssignmentExpression":
        return this.find(node.left, true);
      case "ArrayExpression":
        this.print("[");
        node.elements.forEach((element, index) => {
          if (index > 0) this.print(",");
          this.find(element, true);
        });
        return this.print("]");
      case "SpreadElement":
        this.print("(...");
        this.find(node.argument, true);
        return this.print(")");
      case "ObjectExpression":
        this.print("{");
        for (const property of node.properties) this.find(null, false);
        return this.print("}");
      case "FunctionExpression":
      case "ArrowFunctionExpression": {
        const statements = node.body.type === "BlockStatement" ? node.body.body.length : 1;
        for (let i = 0; i < statements; i++) this.find(null, false);
        return;
      }
      case "ClassExpression": {
        if (node.superClass) this.find(null, false);
        for (const element of node.body.body) this.find(null, false);
        return;
      }
      default:
        return;
    }
  }

  literal(node: Literal): void {
    if (node.regex) return this.print(`/${node.regex.pattern}/${[...REGEXP_FLAG_ORDER].filter((flag) => node.regex!.flags.includes(flag)).join("")}`);
    if (typeof node.value === "string") return this.print(`"${node.value}"`);
    if (node.value === null || typeof node.value === "boolean") return this.print(String(node.value));
    // A BigInt literal prints nothing (V8's PrintLiteral has no case for it).
  }

  /** `a + b + c` is one n-ary operation in V8's AST: printed `(a + b + c)`, not `((a + b) + c)`. */
  chain(node: Expression): Expression[] {
    const operands: Expression[] = [];
    let current: Expression = node;
    const operator = (node as { operator: string }).operator;
    while ((current.type === "BinaryExpression" || current.type === "LogicalExpression") && current.operator === operator && operator !== "**") {
      operands.push(current.right);
      current = current.left as Expression;
    }
    if (operands.length === 0 && (node.type === "BinaryExpression" || node.type === "LogicalExpression")) return [node.left as Expression, node.right];
    operands.push(current);
    return operands.reverse();
  }

  operation(operator: string, operands: Expression[]): void {
    this.print("(");
    operands.forEach((operand, index) => {
      if (index > 0) this.print(` ${operator} `);
      this.find(operand, true);
    });
    this.print(")");
  }
}

/** How V8 names `node` in a message (`a.b`, `s.split(...).map`, `(intermediate value)`). */
export function v8CallSite(node: Node): string {
  const printer = new CallPrinter();
  printer.find(node as AnyNode, true);
  return printer.text;
}
