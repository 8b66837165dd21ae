/**
 * JSON Schema `format` checks that run in linear time. @cfworker/json-schema checks formats with
 * regular expressions, and some of them backtrack without bound on guest input (a 35-character
 * string against `format: "url"` took seconds on the host's thread). Schemas are rewritten to use
 * these checks instead (under names of their own: the library's table is shared and its own
 * entries are left alone). Formats whose regular expressions are bounded get a length cap.
 */
import { format as libraryFormats } from "@cfworker/json-schema";
import { mapSchemas } from "./schema-walk.js";

const PREFIX = "quickbox:";

const isAlpha = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isHexDigit = (char: string) => /^[0-9a-f]$/i.test(char);

/** RFC 3986 characters: unreserved, sub-delims, and those a component also allows. */
const UNRESERVED_OR_SUBDELIMS = "-._~!$&'()*+,;=";

/** Every character of `text` is allowed (a-z, 0-9, `extra`) or a %XX escape; one pass. */
function componentValid(text: string, extra: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const code = text.charCodeAt(i);
    if (isAlpha(code) || isDigit(code) || UNRESERVED_OR_SUBDELIMS.includes(char) || extra.includes(char)) continue;
    if (char === "%" && isHexDigit(text[i + 1] ?? "") && isHexDigit(text[i + 2] ?? "")) {
      i += 2;
      continue;
    }
    return false;
  }
  return true;
}

function hostValid(host: string): boolean {
  if (host.startsWith("[")) {
    if (!host.endsWith("]")) return false;
    const inner = host.slice(1, -1);
    return /^v[0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+$/i.test(inner) || ipv6(inner);
  }
  return componentValid(host, "");
}

/** RFC 3986, split with its Appendix B expression (no backtracking), then each part checked. */
function uriParts(text: string): { scheme?: string; authority?: string; path: string; query?: string; fragment?: string } | null {
  const match = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(text);
  if (!match) return null;
  const [, scheme, authority, path, query, fragment] = match;
  return { ...(scheme !== undefined ? { scheme } : {}), ...(authority !== undefined ? { authority } : {}), path: path ?? "", ...(query !== undefined ? { query } : {}), ...(fragment !== undefined ? { fragment } : {}) };
}

function uriReference(text: string, requireScheme: boolean): boolean {
  const parts = uriParts(text);
  if (!parts) return false;
  if (parts.scheme !== undefined && !/^[a-z][a-z0-9+\-.]*$/i.test(parts.scheme)) return false;
  if (requireScheme && parts.scheme === undefined) return false;
  if (parts.authority !== undefined) {
    const at = parts.authority.lastIndexOf("@");
    const userinfo = at >= 0 ? parts.authority.slice(0, at) : "";
    let hostPort = at >= 0 ? parts.authority.slice(at + 1) : parts.authority;
    if (!componentValid(userinfo, ":")) return false;
    const portMatch = /:(\d*)$/.exec(hostPort);
    if (portMatch && !hostPort.endsWith("]")) hostPort = hostPort.slice(0, portMatch.index);
    if (!hostValid(hostPort)) return false;
  } else if (parts.scheme === undefined && /^[^/]*:/.test(parts.path)) {
    return false; // a relative path's first segment cannot hold ":"
  }
  return componentValid(parts.path, ":@/") && componentValid(parts.query ?? "", ":@/?") && componentValid(parts.fragment ?? "", ":@/?");
}

function url(text: string): boolean {
  if (text.length > 8192 || /\s/.test(text)) return false;
  try {
    const parsed = new URL(text);
    return ["http:", "https:", "ftp:"].includes(parsed.protocol) && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

function hostname(text: string): boolean {
  if (text.length < 1 || text.length > 253) return false;
  return text.split(".").every((label) => label.length >= 1 && label.length <= 63 && /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(label));
}

function email(text: string): boolean {
  const at = text.lastIndexOf("@");
  if (at < 1 || text.length > 320) return false;
  const local = text.slice(0, at);
  const host = text.slice(at + 1);
  if (local.length > 64) return false;
  const localValid = local.startsWith('"')
    ? /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/.test(local)
    : /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i.test(local);
  if (!localValid) return false;
  if (host.startsWith("[") && host.endsWith("]")) {
    const address = host.slice(1, -1);
    return /^ipv6:/i.test(address) ? ipv6(address.slice(5)) : ipv4(address);
  }
  return hostname(host);
}

/** RFC 6570 level 4 template: literals and `{op? varspec (, varspec)*}` expressions, one pass. */
function uriTemplate(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "{") {
      const end = text.indexOf("}", i);
      if (end < 0) return false;
      let expression = text.slice(i + 1, end);
      if (/^[+#./;?&=,!@|]/.test(expression)) expression = expression.slice(1);
      const varspecs = expression.split(",");
      const varspecValid = (spec: string) => /^(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9][0-9]{0,3}|\*)?$/i.test(spec);
      if (!varspecs.every((spec) => spec.length <= 512 && varspecValid(spec))) return false;
      i = end + 1;
      continue;
    }
    if (char === "}" || /[\x00-\x20\x7f"'<>\\^`|]/.test(char)) return false;
    if (char === "%" && !(isHexDigit(text[i + 1] ?? "") && isHexDigit(text[i + 2] ?? ""))) return false;
    i++;
  }
  return true;
}

/** The library's check, for strings no valid value of the format is longer than. */
function capped(name: string, maxChars: number): (text: string) => boolean {
  const check = (libraryFormats as Record<string, ((text: string) => boolean) | undefined>)[name];
  return (text) => text.length <= maxChars && (check ? check(text) : true);
}

const ipv4 = capped("ipv4", 15);
const ipv6 = capped("ipv6", 45);

/** Format name → its linear check. */
const SAFE_FORMATS: Record<string, (text: string) => boolean> = {
  url,
  uri: (text) => uriReference(text, true),
  "uri-reference": (text) => uriReference(text, false),
  iri: (text) => uriReference(text, true),
  "iri-reference": (text) => uriReference(text, false),
  "uri-template": uriTemplate,
  email,
  "idn-email": email,
  hostname,
  "idn-hostname": hostname,
  ipv4,
  ipv6,
  date: capped("date", 32),
  time: capped("time", 64),
  "date-time": capped("date-time", 96),
  duration: capped("duration", 128),
  uuid: capped("uuid", 36),
  "json-pointer-uri-fragment": capped("json-pointer-uri-fragment", 8192),
};

let registered = false;

/** Adds the linear checks to the validator's format table, under names of their own (once). */
function registerSafeFormats(): void {
  if (registered) return;
  registered = true;
  const table = libraryFormats as Record<string, (text: string) => boolean>;
  for (const [name, check] of Object.entries(SAFE_FORMATS)) table[PREFIX + name] = check;
}

/** A copy of `schema` whose `format`s use the linear checks (other keywords unchanged). */
export function withSafeFormats<T>(schema: T): T {
  registerSafeFormats();
  return mapSchemas(schema, (node) => {
    if (typeof node.format === "string" && Object.hasOwn(SAFE_FORMATS, node.format)) node.format = PREFIX + node.format;
    return node;
  }) as T;
}
