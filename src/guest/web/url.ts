/** URL and URLSearchParams (WHATWG URL §6), on the parser in url-parser.ts. */
import { parseFormUrlencoded, percentEncodeString, serializeFormUrlencoded, userinfoSet } from "./url-encoding.js";
import { basicParse } from "./url-parser.js";
import { cannotHaveCredentialsOrPort, isSpecialScheme, serializePath, serializeURL, State, type URLRecord } from "./url-record.js";

const INSPECT = Symbol.for("nodejs.util.inspect.custom");
type Inspect = (value: unknown, options?: object) => string;

/** USVString conversion: lone surrogates become U+FFFD. */
const usv = (value: unknown): string => (String(value) as unknown as { toWellFormed(): string }).toWellFormed();

function requireArguments(given: number, needed: number, what: string): void {
  if (given < needed) throw new TypeError(`${what} requires at least ${needed} argument${needed > 1 ? "s" : ""}`);
}

function serializeOrigin(url: URLRecord): string {
  if (url.scheme === "blob") {
    const inner = typeof url.path === "string" ? basicParse(url.path, null) : null;
    return inner && (inner.scheme === "http" || inner.scheme === "https") ? serializeOrigin(inner) : "null";
  }
  if (url.scheme === "file" || !isSpecialScheme(url.scheme)) return "null";
  return url.scheme + "://" + url.host + (url.port !== null ? ":" + url.port : "");
}

let paramsList: (params: URLSearchParams) => [string, string][];
let attachParams: (params: URLSearchParams, url: URL) => void;
let urlRecord: (url: URL) => URLRecord;

function parseOrThrow(input: unknown, base?: unknown): URLRecord {
  let baseRecord: URLRecord | null = null;
  if (base !== undefined) {
    baseRecord = basicParse(usv(base), null);
    if (baseRecord === null) throw new TypeError("Invalid URL");
  }
  const record = basicParse(usv(input), baseRecord);
  if (record === null) throw new TypeError("Invalid URL");
  return record;
}

export class URL {
  #url: URLRecord;
  readonly #searchParams: URLSearchParams;

  static {
    urlRecord = (url) => url.#url;
  }

  constructor(url: unknown, base?: unknown) {
    requireArguments(arguments.length, 1, "URL constructor");
    this.#url = parseOrThrow(url, base);
    this.#searchParams = new URLSearchParams(this.#url.query ?? "");
    attachParams(this.#searchParams, this);
  }

  static canParse(url: unknown, base?: unknown): boolean {
    requireArguments(arguments.length, 1, "URL.canParse");
    try {
      parseOrThrow(url, base);
      return true;
    } catch {
      return false;
    }
  }

  static parse(url: unknown, base?: unknown): URL | null {
    requireArguments(arguments.length, 1, "URL.parse");
    try {
      return new URL(url, base);
    } catch {
      return null;
    }
  }

  #syncParams(): void {
    const list = paramsList(this.#searchParams);
    list.length = 0;
    for (const pair of parseFormUrlencoded(this.#url.query ?? "")) list.push(pair);
  }

  get href(): string {
    return serializeURL(this.#url);
  }
  set href(value: unknown) {
    this.#url = parseOrThrow(value);
    this.#syncParams();
  }
  get origin(): string {
    return serializeOrigin(this.#url);
  }
  get protocol(): string {
    return this.#url.scheme + ":";
  }
  set protocol(value: unknown) {
    basicParse(usv(value) + ":", null, this.#url, State.SchemeStart);
  }
  get username(): string {
    return this.#url.username;
  }
  set username(value: unknown) {
    if (!cannotHaveCredentialsOrPort(this.#url)) this.#url.username = percentEncodeString(usv(value), userinfoSet);
  }
  get password(): string {
    return this.#url.password;
  }
  set password(value: unknown) {
    if (!cannotHaveCredentialsOrPort(this.#url)) this.#url.password = percentEncodeString(usv(value), userinfoSet);
  }
  get host(): string {
    const { host, port } = this.#url;
    return host === null ? "" : port === null ? host : `${host}:${port}`;
  }
  set host(value: unknown) {
    this.#setWith(value, State.Host);
  }
  get hostname(): string {
    return this.#url.host ?? "";
  }
  set hostname(value: unknown) {
    this.#setWith(value, State.Hostname);
  }
  get port(): string {
    return this.#url.port === null ? "" : String(this.#url.port);
  }
  set port(value: unknown) {
    if (cannotHaveCredentialsOrPort(this.#url)) return;
    const text = usv(value);
    if (text === "") this.#url.port = null;
    else this.#setWith(text, State.Port);
  }
  get pathname(): string {
    return serializePath(this.#url);
  }
  set pathname(value: unknown) {
    if (typeof this.#url.path === "string") return;
    this.#url.path = [];
    basicParse(usv(value), null, this.#url, State.PathStart);
  }
  get search(): string {
    const { query } = this.#url;
    return query === null || query === "" ? "" : "?" + query;
  }
  set search(value: unknown) {
    const text = usv(value);
    if (text === "") {
      this.#url.query = null;
      paramsList(this.#searchParams).length = 0;
      return;
    }
    this.#url.query = "";
    basicParse(text[0] === "?" ? text.slice(1) : text, null, this.#url, State.Query);
    this.#syncParams();
  }
  get searchParams(): URLSearchParams {
    return this.#searchParams;
  }
  get hash(): string {
    const { fragment } = this.#url;
    return fragment === null || fragment === "" ? "" : "#" + fragment;
  }
  set hash(value: unknown) {
    const text = usv(value);
    if (text === "") {
      this.#url.fragment = null;
      return;
    }
    this.#url.fragment = "";
    basicParse(text[0] === "#" ? text.slice(1) : text, null, this.#url, State.Fragment);
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }

  /** As the standard says, a setter's parse changes the URL in place, even when it then fails. */
  #setWith(value: unknown, state: State): void {
    if (typeof this.#url.path === "string" && (state === State.Host || state === State.Hostname)) return;
    basicParse(usv(value), null, this.#url, state);
  }

  [INSPECT](depth: number, options: object, inspect: Inspect): unknown {
    if (typeof depth === "number" && depth < 0) return this;
    const view = Object.create({ constructor: URL }) as Record<string, unknown>;
    for (const key of ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "searchParams", "hash"]) {
      view[key] = (this as unknown as Record<string, unknown>)[key];
    }
    return `URL ${inspect(view, options)}`;
  }
}
Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: "URL", configurable: true });
// Run when the chunk loads, after programs ran: no array iterator, the captured built-ins (scripts/builtin-captures.mjs).
const URL_ACCESSORS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "searchParams", "hash"];
for (let index = 0; index < URL_ACCESSORS.length; index++) {
  const name = URL_ACCESSORS[index]!;
  Object.defineProperty(URL.prototype, name, { ...Object.getOwnPropertyDescriptor(URL.prototype, name), enumerable: true });
}

const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(Array.prototype[Symbol.iterator].call([]))) as object;
const ParamsIteratorPrototype = Object.create(IteratorPrototype, {
  [Symbol.toStringTag]: { value: "URLSearchParams Iterator", configurable: true },
}) as { next(): IteratorResult<unknown> };

type Kind = "entries" | "keys" | "values";
function paramsIterator(list: [string, string][], kind: Kind): IterableIterator<unknown> {
  let index = 0;
  const iterator = Object.create(ParamsIteratorPrototype) as IterableIterator<unknown>;
  Object.defineProperty(iterator, "next", {
    value: function next() {
      if (index >= list.length) return { value: undefined, done: true };
      const [name, value] = list[index++]!;
      return { value: kind === "keys" ? name : kind === "values" ? value : [name, value], done: false };
    },
    writable: true,
    configurable: true,
  });
  return iterator;
}

export class URLSearchParams {
  readonly #list: [string, string][] = [];
  #url: URL | null = null;

  static {
    paramsList = (params) => params.#list;
    attachParams = (params, url) => {
      params.#url = url;
    };
  }

  constructor(init: unknown = "") {
    if (typeof init === "object" && init !== null || typeof init === "function") {
      const source = init as Record<string | symbol, unknown>;
      if (typeof source[Symbol.iterator] === "function") {
        for (const pair of source as unknown as Iterable<unknown>) {
          if ((typeof pair !== "object" || pair === null) && typeof pair !== "function") {
            throw new TypeError("Each query pair must be an iterable [name, value] tuple");
          }
          const items = Array.from(pair as Iterable<unknown>);
          if (items.length !== 2) throw new TypeError("Each query pair must be an iterable [name, value] tuple");
          this.#list.push([usv(items[0]), usv(items[1])]);
        }
      } else {
        for (const key of Reflect.ownKeys(source)) {
          const descriptor = Reflect.getOwnPropertyDescriptor(source, key);
          if (typeof key === "symbol" || !descriptor?.enumerable) continue;
          this.#list.push([usv(key), usv(source[key])]);
        }
      }
    } else {
      const text = usv(init);
      for (const pair of parseFormUrlencoded(text[0] === "?" ? text.slice(1) : text)) this.#list.push(pair);
    }
  }

  #update(): void {
    if (this.#url === null) return;
    const serialized = serializeFormUrlencoded(this.#list);
    urlRecord(this.#url).query = serialized === "" ? null : serialized;
  }

  get size(): number {
    return this.#list.length;
  }
  append(name: unknown, value: unknown): void {
    requireArguments(arguments.length, 2, "URLSearchParams.append");
    this.#list.push([usv(name), usv(value)]);
    this.#update();
  }
  delete(name: unknown, value?: unknown): void {
    requireArguments(arguments.length, 1, "URLSearchParams.delete");
    const key = usv(name);
    const match = value === undefined ? null : usv(value);
    for (let i = this.#list.length - 1; i >= 0; i--) {
      const [n, v] = this.#list[i]!;
      if (n === key && (match === null || v === match)) this.#list.splice(i, 1);
    }
    this.#update();
  }
  get(name: unknown): string | null {
    requireArguments(arguments.length, 1, "URLSearchParams.get");
    const key = usv(name);
    const found = this.#list.find(([n]) => n === key);
    return found ? found[1] : null;
  }
  getAll(name: unknown): string[] {
    requireArguments(arguments.length, 1, "URLSearchParams.getAll");
    const key = usv(name);
    return this.#list.filter(([n]) => n === key).map(([, v]) => v);
  }
  has(name: unknown, value?: unknown): boolean {
    requireArguments(arguments.length, 1, "URLSearchParams.has");
    const key = usv(name);
    const match = value === undefined ? null : usv(value);
    return this.#list.some(([n, v]) => n === key && (match === null || v === match));
  }
  set(name: unknown, value: unknown): void {
    requireArguments(arguments.length, 2, "URLSearchParams.set");
    const key = usv(name);
    const text = usv(value);
    const first = this.#list.findIndex(([n]) => n === key);
    if (first < 0) this.#list.push([key, text]);
    else {
      this.#list[first] = [key, text];
      for (let i = this.#list.length - 1; i > first; i--) if (this.#list[i]![0] === key) this.#list.splice(i, 1);
    }
    this.#update();
  }
  sort(): void {
    // Stable, by UTF-16 code units of the names.
    const sorted = this.#list.map((pair, index) => [pair, index] as const).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j));
    sorted.forEach(([pair], index) => {
      this.#list[index] = pair;
    });
    this.#update();
  }
  forEach(callback: (value: string, name: string, params: URLSearchParams) => void, thisArg?: unknown): void {
    if (typeof callback !== "function") throw new TypeError('The "callback" argument must be of type function');
    for (let i = 0; i < this.#list.length; i++) {
      const [name, value] = this.#list[i]!;
      Reflect.apply(callback, thisArg, [value, name, this]);
    }
  }
  entries(): IterableIterator<[string, string]> {
    return paramsIterator(this.#list, "entries") as IterableIterator<[string, string]>;
  }
  keys(): IterableIterator<string> {
    return paramsIterator(this.#list, "keys") as IterableIterator<string>;
  }
  values(): IterableIterator<string> {
    return paramsIterator(this.#list, "values") as IterableIterator<string>;
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  toString(): string {
    return serializeFormUrlencoded(this.#list);
  }

  [INSPECT](depth: number, options: { breakLength?: number; depth?: number | null }, inspect: Inspect): string {
    if (typeof depth === "number" && depth < 0) return "[Object]";
    const inner = { ...options, depth: depth === null || depth === undefined ? depth : depth - 1 };
    const output = this.#list.map(([name, value]) => `${inspect(name, inner)} => ${inspect(value, inner)}`);
    const length = output.reduce((total, item) => total + item.length + 2, -2);
    if (length > (options.breakLength ?? 80)) return `URLSearchParams {\n  ${output.join(",\n  ")} }`;
    return output.length ? `URLSearchParams { ${output.join(", ")} }` : "URLSearchParams {}";
  }
}
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: "URLSearchParams", configurable: true });
