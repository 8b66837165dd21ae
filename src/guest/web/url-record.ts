/** The URL record (WHATWG URL §4.1), the parser's states, and serialization. */

export interface URLRecord {
  scheme: string;
  username: string;
  password: string;
  /** Serialized host; null: none. */
  host: string | null;
  port: number | null;
  /** A string: an opaque path. */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

export const State = {
  SchemeStart: 1,
  Scheme: 2,
  NoScheme: 3,
  SpecialRelativeOrAuthority: 4,
  PathOrAuthority: 5,
  Relative: 6,
  RelativeSlash: 7,
  SpecialAuthoritySlashes: 8,
  SpecialAuthorityIgnoreSlashes: 9,
  Authority: 10,
  Host: 11,
  Hostname: 12,
  Port: 13,
  File: 14,
  FileSlash: 15,
  FileHost: 16,
  PathStart: 17,
  Path: 18,
  OpaquePath: 19,
  Query: 20,
  Fragment: 21,
} as const;
export type State = (typeof State)[keyof typeof State];

/** An object literal, not a Map: built when the chunk loads, after programs ran (no Map methods, no array iterator). */
const SPECIAL_PORTS: Record<string, number | null> = { ftp: 21, file: null, http: 80, https: 443, ws: 80, wss: 443 };
export const isSpecialScheme = (scheme: string): boolean => Object.hasOwn(SPECIAL_PORTS, scheme);
export const defaultPort = (scheme: string): number | null => (Object.hasOwn(SPECIAL_PORTS, scheme) ? SPECIAL_PORTS[scheme]! : null);

export function newRecord(): URLRecord {
  return { scheme: "", username: "", password: "", host: null, port: null, path: [], query: null, fragment: null };
}


export const includesCredentials = (url: URLRecord): boolean => url.username !== "" || url.password !== "";
export const cannotHaveCredentialsOrPort = (url: URLRecord): boolean => url.host === null || url.host === "" || url.scheme === "file";

export function serializePath(url: URLRecord): string {
  return typeof url.path === "string" ? url.path : url.path.map((segment) => "/" + segment).join("");
}

export function serializeURL(url: URLRecord, excludeFragment = false): string {
  let output = url.scheme + ":";
  if (url.host !== null) {
    output += "//";
    if (includesCredentials(url)) output += url.username + (url.password !== "" ? ":" + url.password : "") + "@";
    output += url.host + (url.port !== null ? ":" + url.port : "");
  }
  if (url.host === null && typeof url.path !== "string" && url.path.length > 1 && url.path[0] === "") output += "/.";
  output += serializePath(url);
  if (url.query !== null) output += "?" + url.query;
  if (!excludeFragment && url.fragment !== null) output += "#" + url.fragment;
  return output;
}

