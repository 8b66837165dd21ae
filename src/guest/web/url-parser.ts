/** The WHATWG basic URL parser (§4.4). */
import { parseHost } from "./url-host.js";
import {
  defaultPort, includesCredentials, isSpecialScheme, newRecord, State, type URLRecord,
} from "./url-record.js";
import { c0ControlSet, fragmentSet, pathSet, percentEncodeString, querySet, specialQuerySet, userinfoSet } from "./url-encoding.js";

const EOF = -1;
const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isSchemeChar = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e;
/** Code units that end a run in the authority, host and path states (fast-forward stops at them). */
const isAuthorityStop = (c: number, special: boolean): boolean => c === 0x40 || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c);
const isHostStop = (c: number, special: boolean): boolean => c === 0x3a || c === 0x5b || c === 0x5d || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c);
const isPathStop = (c: number, special: boolean, delimited: boolean): boolean =>
  c === 0x2f || (special && c === 0x5c) || (delimited && (c === 0x3f || c === 0x23));

const isWindowsDriveLetter = (text: string, normalizedOnly = false): boolean =>
  text.length === 2 && isAlpha(text.charCodeAt(0)) && (text[1] === ":" || (!normalizedOnly && text[1] === "|"));

function startsWithWindowsDriveLetter(input: string, pointer: number): boolean {
  if (input.length - pointer < 2) return false;
  const second = input.charCodeAt(pointer + 1);
  if (!isAlpha(input.charCodeAt(pointer)) || (second !== 0x3a && second !== 0x7c)) return false;
  if (input.length - pointer === 2) return true;
  const third = input.charCodeAt(pointer + 2);
  return third === 0x2f || third === 0x5c || third === 0x3f || third === 0x23;
}

function shortenPath(url: URLRecord): void {
  const path = url.path as string[];
  if (url.scheme === "file" && path.length === 1 && isWindowsDriveLetter(path[0]!, true)) return;
  path.pop();
}

const isSingleDot = (segment: string): boolean => segment === "." || segment.toLowerCase() === "%2e";
const isDoubleDot = (segment: string): boolean => {
  const lower = segment.toLowerCase();
  return lower === ".." || lower === ".%2e" || lower === "%2e." || lower === "%2e%2e";
};

/**
 * Parses `input` against `base`; with `url` and `override` (the setters), changes `url` in place.
 * Returns the record, or null on failure. Works on UTF-16 code units: every delimiter is ASCII, and
 * each buffer of the standard is a slice of the input (`start` to the pointer), encoded at once.
 */
export function basicParse(input: string, base: URLRecord | null, url?: URLRecord, override?: State): URLRecord | null {
  if (!url) {
    url = newRecord();
    // Leading and trailing C0 controls and spaces go (a loop: a regex would keep state per character).
    let first = 0;
    let end = input.length;
    while (first < end && input.charCodeAt(first) <= 0x20) first++;
    while (end > first && input.charCodeAt(end - 1) <= 0x20) end--;
    if (first > 0 || end < input.length) input = input.slice(first, end);
  }
  if (/[\t\n\r]/.test(input)) input = input.replace(/[\t\n\r]/g, "");
  const length = input.length;
  let state: State = override ?? State.SchemeStart;
  /** Where the current state's buffer starts; reset when the state changes. */
  let start = 0;
  let bufferState: State = state;
  let atSignSeen = false;
  let insideBrackets = false;
  let passwordTokenSeen = false;
  let special = isSpecialScheme(url.scheme);
  const setScheme = (scheme: string): void => {
    url!.scheme = scheme;
    special = isSpecialScheme(scheme);
  };
  const at = (index: number): number => (index < length ? input.charCodeAt(index) : EOF);

  for (let pointer = 0; pointer <= length; pointer++) {
    if (state !== bufferState) {
      bufferState = state;
      start = pointer;
    }
    const c = pointer < length ? input.charCodeAt(pointer) : EOF;
    switch (state) {
      case State.SchemeStart:
        if (isAlpha(c)) {
          state = bufferState = State.Scheme;
          start = pointer;
        } else if (override === undefined) {
          state = State.NoScheme;
          pointer--;
        } else return null;
        break;
      case State.Scheme:
        if (isAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) {
          while (pointer + 1 < length && isSchemeChar(input.charCodeAt(pointer + 1))) pointer++;
          break;
        }
        if (c === 0x3a) {
          const scheme = input.slice(start, pointer).toLowerCase();
          if (override !== undefined) {
            if (special !== isSpecialScheme(scheme)) return url;
            if ((includesCredentials(url) || url.port !== null) && scheme === "file") return url;
            if (url.scheme === "file" && url.host === "") return url;
          }
          setScheme(scheme);
          if (override !== undefined) {
            if (url.port === defaultPort(url.scheme)) url.port = null;
            return url;
          }
          if (url.scheme === "file") state = State.File;
          else if (special && base !== null && base.scheme === url.scheme) state = State.SpecialRelativeOrAuthority;
          else if (special) state = State.SpecialAuthoritySlashes;
          else if (at(pointer + 1) === 0x2f) {
            state = State.PathOrAuthority;
            pointer++;
          } else {
            url.path = "";
            state = State.OpaquePath;
          }
        } else if (override === undefined) {
          state = State.NoScheme;
          pointer = -1;
        } else return null;
        break;
      case State.NoScheme:
        if (base === null || (typeof base.path === "string" && c !== 0x23)) return null;
        if (typeof base.path === "string" && c === 0x23) {
          setScheme(base.scheme);
          url.path = base.path;
          url.query = base.query;
          url.fragment = "";
          state = State.Fragment;
        } else {
          state = base.scheme !== "file" ? State.Relative : State.File;
          pointer--;
        }
        break;
      case State.SpecialRelativeOrAuthority:
        if (c === 0x2f && at(pointer + 1) === 0x2f) {
          state = State.SpecialAuthorityIgnoreSlashes;
          pointer++;
        } else {
          state = State.Relative;
          pointer--;
        }
        break;
      case State.PathOrAuthority:
        if (c === 0x2f) state = State.Authority;
        else {
          state = State.Path;
          pointer--;
        }
        break;
      case State.Relative:
        setScheme(base!.scheme);
        if (c === 0x2f || (special && c === 0x5c)) state = State.RelativeSlash;
        else {
          url.username = base!.username;
          url.password = base!.password;
          url.host = base!.host;
          url.port = base!.port;
          url.path = (base!.path as string[]).slice();
          url.query = base!.query;
          if (c === 0x3f) {
            url.query = "";
            state = State.Query;
          } else if (c === 0x23) {
            url.fragment = "";
            state = State.Fragment;
          } else if (c !== EOF) {
            url.query = null;
            shortenPath(url);
            state = State.Path;
            pointer--;
          }
        }
        break;
      case State.RelativeSlash:
        if (special && (c === 0x2f || c === 0x5c)) state = State.SpecialAuthorityIgnoreSlashes;
        else if (c === 0x2f) state = State.Authority;
        else {
          url.username = base!.username;
          url.password = base!.password;
          url.host = base!.host;
          url.port = base!.port;
          state = State.Path;
          pointer--;
        }
        break;
      case State.SpecialAuthoritySlashes:
        state = State.SpecialAuthorityIgnoreSlashes;
        if (c === 0x2f && at(pointer + 1) === 0x2f) pointer++;
        else pointer--;
        break;
      case State.SpecialAuthorityIgnoreSlashes:
        if (c !== 0x2f && c !== 0x5c) {
          state = State.Authority;
          pointer--;
        }
        break;
      case State.Authority:
        if (c === 0x40) {
          const credentials = (atSignSeen ? "%40" : "") + input.slice(start, pointer);
          atSignSeen = true;
          // The first ":" of everything seen so far splits the username from the password.
          const colon = passwordTokenSeen ? -1 : credentials.indexOf(":");
          if (passwordTokenSeen) url.password += percentEncodeString(credentials, userinfoSet);
          else if (colon < 0) url.username += percentEncodeString(credentials, userinfoSet);
          else {
            passwordTokenSeen = true;
            url.username += percentEncodeString(credentials.slice(0, colon), userinfoSet);
            url.password += percentEncodeString(credentials.slice(colon + 1), userinfoSet);
          }
          start = pointer + 1;
        } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c)) {
          if (atSignSeen && start === pointer) return null;
          pointer = start - 1;
          state = State.Host;
        } else {
          while (pointer + 1 < length && !isAuthorityStop(input.charCodeAt(pointer + 1), special)) pointer++;
        }
        break;
      case State.Host:
      case State.Hostname:
        if (override !== undefined && url.scheme === "file") {
          pointer--;
          state = State.FileHost;
        } else if (c === 0x3a && !insideBrackets) {
          if (start === pointer) return null;
          if (override === State.Hostname) return null;
          const host = parseHost(input.slice(start, pointer), !special);
          if (host === null) return null;
          url.host = host;
          state = State.Port;
        } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c)) {
          const text = input.slice(start, pointer);
          pointer--;
          if (special && text === "") return null;
          if (override !== undefined && text === "" && (includesCredentials(url) || url.port !== null)) return null;
          const host = parseHost(text, !special);
          if (host === null) return null;
          url.host = host;
          state = State.PathStart;
          if (override !== undefined) return url;
        } else if (c === 0x5b) insideBrackets = true;
        else if (c === 0x5d) insideBrackets = false;
        else {
          while (pointer + 1 < length && !isHostStop(input.charCodeAt(pointer + 1), special)) pointer++;
        }
        break;
      case State.Port:
        if (isDigit(c)) break;
        if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c) || override !== undefined) {
          if (start !== pointer) {
            let port = 0;
            for (let i = start; i < pointer; i++) {
              port = port * 10 + (input.charCodeAt(i) - 0x30);
              if (port > 65535) return null;
            }
            url.port = port === defaultPort(url.scheme) ? null : port;
            if (override !== undefined) return url;
          }
          if (override !== undefined) return null;
          state = State.PathStart;
          pointer--;
        } else return null;
        break;
      case State.File:
        setScheme("file");
        url.host = "";
        if (c === 0x2f || c === 0x5c) state = State.FileSlash;
        else if (base !== null && base.scheme === "file") {
          url.host = base.host;
          url.path = (base.path as string[]).slice();
          url.query = base.query;
          if (c === 0x3f) {
            url.query = "";
            state = State.Query;
          } else if (c === 0x23) {
            url.fragment = "";
            state = State.Fragment;
          } else if (c !== EOF) {
            url.query = null;
            if (!startsWithWindowsDriveLetter(input, pointer)) shortenPath(url);
            else url.path = [];
            state = State.Path;
            pointer--;
          }
        } else {
          state = State.Path;
          pointer--;
        }
        break;
      case State.FileSlash:
        if (c === 0x2f || c === 0x5c) state = State.FileHost;
        else {
          if (base !== null && base.scheme === "file") {
            url.host = base.host;
            const first = (base.path as string[])[0];
            if (!startsWithWindowsDriveLetter(input, pointer) && first !== undefined && isWindowsDriveLetter(first, true)) {
              (url.path as string[]).push(first);
            }
          }
          state = State.Path;
          pointer--;
        }
        break;
      case State.FileHost:
        if (c === EOF || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) {
          const text = input.slice(start, pointer);
          pointer--;
          if (override === undefined && isWindowsDriveLetter(text)) {
            // The buffer carries over: it is the path's first segment.
            state = bufferState = State.Path;
          } else if (text === "") {
            url.host = "";
            if (override !== undefined) return url;
            state = State.PathStart;
          } else {
            let host = parseHost(text, !special);
            if (host === null) return null;
            if (host === "localhost") host = "";
            url.host = host;
            if (override !== undefined) return url;
            state = State.PathStart;
          }
        }
        break;
      case State.PathStart:
        if (special) {
          state = State.Path;
          if (c !== 0x2f && c !== 0x5c) pointer--;
        } else if (override === undefined && c === 0x3f) {
          url.query = "";
          state = State.Query;
        } else if (override === undefined && c === 0x23) {
          url.fragment = "";
          state = State.Fragment;
        } else if (c !== EOF) {
          state = State.Path;
          if (c !== 0x2f) pointer--;
        } else if (override !== undefined && url.host === null) (url.path as string[]).push("");
        break;
      case State.Path: {
        const slash = c === 0x2f || (special && c === 0x5c);
        if (c === EOF || slash || (override === undefined && (c === 0x3f || c === 0x23))) {
          const segment = percentEncodeString(input.slice(start, pointer), pathSet);
          const path = url.path as string[];
          if (isDoubleDot(segment)) {
            shortenPath(url);
            if (!slash) path.push("");
          } else if (isSingleDot(segment) && !slash) path.push("");
          else if (!isSingleDot(segment)) {
            if (url.scheme === "file" && path.length === 0 && isWindowsDriveLetter(segment)) path.push(segment[0] + ":");
            else path.push(segment);
          }
          start = pointer + 1;
          if (c === 0x3f) {
            url.query = "";
            state = State.Query;
          } else if (c === 0x23) {
            url.fragment = "";
            state = State.Fragment;
          }
        } else {
          while (pointer + 1 < length && !isPathStop(input.charCodeAt(pointer + 1), special, override === undefined)) pointer++;
        }
        break;
      }
      case State.OpaquePath:
        if (c !== 0x3f && c !== 0x23 && c !== EOF) {
          while (pointer + 1 < length && input.charCodeAt(pointer + 1) !== 0x3f && input.charCodeAt(pointer + 1) !== 0x23) pointer++;
        } else {
          url.path += percentEncodeString(input.slice(start, pointer), c0ControlSet);
          if (c === 0x3f) {
            url.query = "";
            state = State.Query;
          } else if (c === 0x23) {
            url.fragment = "";
            state = State.Fragment;
          }
        }
        break;
      case State.Query:
        if (!((override === undefined && c === 0x23) || c === EOF)) {
          const hash = override === undefined ? input.indexOf("#", pointer) : -1;
          pointer = (hash < 0 ? length : hash) - 1;
        } else {
          url.query = (url.query ?? "") + percentEncodeString(input.slice(start, pointer), special ? specialQuerySet : querySet);
          if (c === 0x23) {
            url.fragment = "";
            state = State.Fragment;
          }
        }
        break;
      case State.Fragment:
        if (c === EOF) url.fragment += percentEncodeString(input.slice(start, pointer), fragmentSet);
        else pointer = length - 1;
        break;
    }
  }
  return url;
}
