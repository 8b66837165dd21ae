/**
 * URL inputs for the web-platform suite: a fixed list plus a seeded sample of combinations.
 * Node's URL (Ada) is the reference (test/fixtures/web-platform-url.json, checked against Node by
 * test/node/web-platform.test.ts). Left out: inputs where Node 20 departs from the WHATWG standard
 * (relative input on an opaque base such as "a:b" succeeds in Node; ".." on a non-special base
 * drops the path's "/" in Node; a first file path segment starting with "x:" is kept as a drive
 * letter by Node), and IDNA beyond NFKC + lower case + punycode.
 */
export const URL_PROPERTIES = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"] as const;

export interface UrlCase {
  input: string;
  base?: string;
}

const FIXED: UrlCase[] = [
  { input: "https://user:pass@example.com:8080/a/b/../c/./d?x=1&y=2#frag" },
  { input: "../x?y=1#z", base: "https://user:pw@example.com:8080/a/b/c" },
  { input: "//other.org/p", base: "https://example.com/" },
  { input: "?q", base: "http://a/b?c#d" },
  { input: "#h", base: "http://a/b?c#d" },
  { input: "HTTP://EXAMPLE.COM:80/" },
  { input: "https://example.com:443/" },
  { input: "http://[::1]:8080/" },
  { input: "http://[1:0:0:2::3:0]/" },
  { input: "http://[::ffff:1.2.3.4]/" },
  { input: "http://0x7f.1/" },
  { input: "http://0300.0xa8.0.1/" },
  { input: "http://4294967295/" },
  { input: "http://4294967296/" },
  { input: "http://1.2.3.256/" },
  { input: "http://münchen.de/straße?ä=ö#ü" },
  { input: "http://Ｅｘａｍｐｌｅ．com/" },
  { input: "http://faß.de/" },
  { input: "http://a b/" },
  { input: "http://a%20b/" },
  { input: "http:///x" },
  { input: "http://" },
  { input: "nope" },
  { input: "" },
  { input: "  \t http://a/b\n \u0000" },
  { input: "file:///C:/dir/../file.txt" },
  { input: "file://localhost/etc/hosts" },
  { input: "file:c:\\foo\\bar" },
  { input: "/..//x", base: "file:///C:/a/b" },
  { input: "mailto:someone@example.com?subject=hi there" },
  { input: "data:text/plain,hello world" },
  { input: "javascript:alert(1)" },
  { input: "blob:https://a.com:443/uuid" },
  { input: "sc://host/path/../x?q#f" },
  { input: "sc:/.//p" },
  { input: "sc://ñ.com/" },
  { input: "ws://example.com/chat" },
  { input: "ftp://example.com:21/file" },
  { input: "https://example.com/a b<c>\"d`e{f}g|h^i" },
  { input: "https://example.com/?a b'c\"d<e>`" },
  { input: "https://example.com/#a b`c\"d<e>{f}" },
  { input: "https://example.com/\ud800" },
  { input: "https://ex.com/%zz/%2e%2E/x" },
  { input: "https://ex.com\\path\\to" },
  { input: "https://@ex.com/" },
  { input: "https://a@b@ex.com/" },
  { input: "https://ex.com:65535/" },
  { input: "https://ex.com:65536/" },
  { input: "https://ex.com:0080/" },
];

const SCHEMES = ["http:", "https:", "HTTP:", "file:", "ftp:", "ws:", "wss:", "sc:", "mailto:", "", "h\ttp:", "x-y+z.w:"];
const SLASHES = ["//", "/", "", "\\\\", "/\\", "///"];
const USERINFO = ["", "user@", "us er:p@ss@", "a:b:c@", ":@", "ü:%41@"];
const HOSTS = ["example.com", "EXAMPLE.com", "127.0.0.1", "0x7f.1", "1.2.3", "[::1]", "[1:2::3:4]", "[::ffff:1.2.3.4]", "[x]", "münchen.de",
  "a%2Eb", "a b", "a<b", "", "localhost", "a.b.", "1.2.3.4.", "09.1", "a|b", "%zz", "ａ.ｂ", "1.2.3.256"];
const PORTS = ["", ":80", ":443", ":8080", ":", ":65536", ":00080", ":x"];
const PATHS = ["", "/", "/a/b/../c", "/./a/%2e/b/%2E%2e/c", "/a b/c\"d<e>`f{g}h|i^j", "/é/ü", "/../../x", "/%zz", "/a\\b", "/😀"];
const QUERIES = ["", "?", "?a=1&b=2", "?a b'c\"d<e>", "?é=ü", "?%zz"];
const FRAGMENTS = ["", "#", "#f", "#a b`c\"d<e>{f}", "#é"];
const BASES = [undefined, "http://ex.com/a/b?c#d", "https://u:p@h:8/x/y", "http://[::1]/"];

/** mulberry32: the same sample everywhere. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function urlCorpus(sampleSize = 300): UrlCase[] {
  const random = seeded(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const cases = [...FIXED];
  const seen = new Set(cases.map((c) => `${c.input}|${c.base}`));
  while (cases.length < FIXED.length + sampleSize) {
    const relative = random() < 0.25;
    const input = relative
      ? pick(["", "//", "/", "?", "#", "x/"]) + pick(PATHS) + pick(QUERIES) + pick(FRAGMENTS)
      : pick(SCHEMES) + pick(SLASHES) + pick(USERINFO) + pick(HOSTS) + pick(PORTS) + pick(PATHS) + pick(QUERIES) + pick(FRAGMENTS);
    const base = pick(BASES);
    const key = `${input}|${base}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cases.push(base === undefined ? { input } : { input, base });
  }
  return cases;
}

/**
 * What a URL implementation makes of each case: the properties, or null (TypeError). Source text,
 * so that the guest runs exactly what the host runs.
 */
export const DESCRIBE_URLS_SOURCE = `(URLClass, cases, properties) => cases.map(({ input, base }) => {
  try {
    const url = base === undefined ? new URLClass(input) : new URLClass(input, base);
    return properties.map((name) => url[name]);
  } catch {
    return null;
  }
})`;

export function describeUrls(URLClass: typeof URL, cases: readonly UrlCase[]): (string[] | null)[] {
  return (new Function(`return ${DESCRIBE_URLS_SOURCE}`)() as (u: typeof URL, c: readonly UrlCase[], p: readonly string[]) => (string[] | null)[])(URLClass, cases, URL_PROPERTIES);
}

/** Setter cases [href, property, value] (Node 20 departs from the standard on a port that starts with a non-digit, and on hosts of "sc:/p"-like URLs: left out). */
export const URL_SETTER_CASES: [string, string, string][] = [];
for (const href of ["http://u:p@ex.com:8080/a/b?c=1#d", "https://ex.com/", "file:///C:/x/y", "sc://h/p?q#f", "a:opaque?q#f", "ws://[::1]:99/"]) {
  for (const [property, values] of [
    ["href", ["https://new.org/x?y#z", "relative", "sc:x"]],
    ["protocol", ["https", "ftp:", "file", "sc", "a b"]],
    ["username", ["", "us er", "ü@:"]],
    ["password", ["", "p@ss:w"]],
    ["host", ["ex.org", "ex.org:81", "[::2]", "1.2.3.4:5", "ex.org:8080stuff", "a b", "ftp:"]],
    ["hostname", ["ex.org", "x:1", "%41", "ü"]],
    ["port", ["8080", "99999", "12ab", "", "443", "80"]],
    ["pathname", ["/new/path", "new", "../x", "/a b/%2e/c", "\\x"]],
    ["search", ["?q=1 2", "q=é", "", "?", "a=1&a=2"]],
    ["hash", ["#f g", "x", "", "#"]],
  ] as [string, string[]][]) {
    for (const value of values) URL_SETTER_CASES.push([href, property, value]);
  }
}

/** href and searchParams after each setter (or "throws" for href's TypeError). */
export const DESCRIBE_SETTERS_SOURCE = `(URLClass, cases) => cases.map(([href, property, value]) => {
  const url = new URLClass(href);
  try {
    url[property] = value;
  } catch {
    return ["throws"];
  }
  return [url.href, url.searchParams.toString()];
})`;

export function describeSetters(URLClass: typeof URL, cases: readonly [string, string, string][]): string[][] {
  return (new Function(`return ${DESCRIBE_SETTERS_SOURCE}`)() as (u: typeof URL, c: readonly [string, string, string][]) => string[][])(URLClass, cases);
}
