/**
 * The Intl bridge (README, "What the program sees"): the guest's Intl, toLocaleString and
 * localeCompare ask the host's own Intl through one synchronous host function, created in the
 * base image. Requests are JSON `{ op, locales, options, args }`; replies are one string: "=" and
 * the result, or "R"/"T" and a message the guest throws as RangeError/TypeError. The host checks
 * every request against these tables (the guest controls them).
 */

/** The host reference id the bridge function carries in the base image (any runtime maps it back). */
export const INTL_BRIDGE_ID = 0x71b1;
/** The global the base image builder puts the bridge on; the prelude takes it away at once. */
export const INTL_BRIDGE_GLOBAL = "__quickboxHostIntl";
/** Requests are at most this many UTF-8 bytes. */
export const INTL_MAX_REQUEST_BYTES = 65536;
export const INTL_MAX_LOCALES = 16;

export const INTL_KINDS = ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat"] as const;
export type IntlKind = (typeof INTL_KINDS)[number];

/** How an option value is read (the guest coerces, the host checks the type). */
export type IntlOptionType = "string" | "boolean" | "number" | "string|boolean";

const DIGIT_OPTIONS = {
  minimumIntegerDigits: "number", minimumFractionDigits: "number", maximumFractionDigits: "number",
  minimumSignificantDigits: "number", maximumSignificantDigits: "number", roundingPriority: "string",
  roundingIncrement: "number", roundingMode: "string", trailingZeroDisplay: "string",
} as const;

export const INTL_OPTIONS: Record<IntlKind, Record<string, IntlOptionType>> = {
  NumberFormat: {
    localeMatcher: "string", numberingSystem: "string", style: "string", currency: "string", currencyDisplay: "string",
    currencySign: "string", unit: "string", unitDisplay: "string", notation: "string", compactDisplay: "string",
    signDisplay: "string", useGrouping: "string|boolean", ...DIGIT_OPTIONS,
  },
  DateTimeFormat: {
    localeMatcher: "string", calendar: "string", numberingSystem: "string", hour12: "boolean", hourCycle: "string",
    timeZone: "string", weekday: "string", era: "string", year: "string", month: "string", day: "string",
    dayPeriod: "string", hour: "string", minute: "string", second: "string", fractionalSecondDigits: "number",
    timeZoneName: "string", formatMatcher: "string", dateStyle: "string", timeStyle: "string",
  },
  Collator: {
    localeMatcher: "string", usage: "string", sensitivity: "string", ignorePunctuation: "boolean", numeric: "boolean",
    caseFirst: "string", collation: "string",
  },
  PluralRules: { localeMatcher: "string", type: "string", ...DIGIT_OPTIONS },
  RelativeTimeFormat: { localeMatcher: "string", numberingSystem: "string", style: "string", numeric: "string" },
  ListFormat: { localeMatcher: "string", type: "string", style: "string" },
};

/**
 * Argument shapes: "num" is ["n", String(number)] (with "-0"), ["b", bigint digits] or
 * ["s", decimal string]; "time" a time value (null: NaN); "str" a string; "strs" strings.
 */
export type IntlArgType = "num" | "time" | "str" | "strs";

export const INTL_OPS: Record<string, { kind: IntlKind | null; args: readonly IntlArgType[] }> = {
  "NumberFormat.format": { kind: "NumberFormat", args: ["num"] },
  "NumberFormat.formatToParts": { kind: "NumberFormat", args: ["num"] },
  "NumberFormat.formatRange": { kind: "NumberFormat", args: ["num", "num"] },
  "NumberFormat.formatRangeToParts": { kind: "NumberFormat", args: ["num", "num"] },
  "Number.toLocaleString": { kind: "NumberFormat", args: ["num"] },
  "DateTimeFormat.format": { kind: "DateTimeFormat", args: ["time"] },
  "DateTimeFormat.formatToParts": { kind: "DateTimeFormat", args: ["time"] },
  "DateTimeFormat.formatRange": { kind: "DateTimeFormat", args: ["time", "time"] },
  "DateTimeFormat.formatRangeToParts": { kind: "DateTimeFormat", args: ["time", "time"] },
  "Date.toLocaleString": { kind: "DateTimeFormat", args: ["time"] },
  "Date.toLocaleDateString": { kind: "DateTimeFormat", args: ["time"] },
  "Date.toLocaleTimeString": { kind: "DateTimeFormat", args: ["time"] },
  "Collator.compare": { kind: "Collator", args: ["str", "str"] },
  "String.localeCompare": { kind: "Collator", args: ["str", "str"] },
  "PluralRules.select": { kind: "PluralRules", args: ["num"] },
  "RelativeTimeFormat.format": { kind: "RelativeTimeFormat", args: ["num", "str"] },
  "RelativeTimeFormat.formatToParts": { kind: "RelativeTimeFormat", args: ["num", "str"] },
  "ListFormat.format": { kind: "ListFormat", args: ["strs"] },
  "ListFormat.formatToParts": { kind: "ListFormat", args: ["strs"] },
  "getCanonicalLocales": { kind: null, args: [] },
};
// Also evaluated in a thread when its web platform loads (after programs ran): no array iterator.
for (let index = 0; index < INTL_KINDS.length; index++) {
  const kind = INTL_KINDS[index]!;
  INTL_OPS[`${kind}.resolvedOptions`] = { kind, args: [] };
  INTL_OPS[`${kind}.supportedLocalesOf`] = { kind, args: [] };
}
