/**
 * Names of the helpers rewritten cells call (cell-globals.ts): global lexical bindings (a `const` of
 * the global scope, made when the base image is built), so they are reachable by name but are not
 * properties of globalThis, and cannot be assigned or deleted. Imported by the engine's
 * cell transform too, so this module imports nothing (a host module must not load the guest's
 * intrinsics: one exporting \`then\` makes a module namespace a thenable).
 */
export const CELL_GLOBALS = {
  /** `__quickbox_const__(name | names, value | values)`: defines constant globals. */
  constant: "__quickbox_const__",
  /** `__quickbox_bind__(name | names, value | values)`: defines ordinary (writable) globals. */
  binding: "__quickbox_bind__",
  /** `__quickbox_let__(name | names, value)`: removes constant accessors of these names; returns value (a `var` assigns it). */
  variable: "__quickbox_let__",
  /** `__quickbox_publish__(name, fn)`: makes a block-level function of a wrapped cell global. */
  publish: "__quickbox_publish__",
  /** `__quickbox_tdz__(names)`: the cell's top-level let/const/class names are in their temporal dead zone. */
  deadZones: "__quickbox_tdz__",
  /** `__quickbox_pattern__(value, ifUndefined, ifNull, ifNotIterable?)`: a top-level destructuring's value check; returns value. */
  pattern: "__quickbox_pattern__",
  /** `__quickbox_error__(caught)`: gives an error the engine made Node's wording (first thing in every `catch`); returns it. */
  error: "__quickbox_error__",
  /** The block-scoped names `{let __quickbox_sink0__ = …}` rewrites of `const` bind (an empty completion value). */
  sink: "__quickbox_sink",
  /** Where the prelude leaves the helpers for the base image to bind lexically (then deleted). */
  handover: "__quickboxCellGlobals",
  /** The label of a cell wrapped for its top-level `return`. */
  cellLabel: "__quickbox_cell__",
} as const;

/** The script the base image builder evaluates after the prelude: binds the helpers lexically. */
export const BIND_CELL_GLOBALS_SCRIPT = [
  `const ${CELL_GLOBALS.constant} = globalThis.${CELL_GLOBALS.handover}.constant,`,
  `  ${CELL_GLOBALS.variable} = globalThis.${CELL_GLOBALS.handover}.variable,`,
  `  ${CELL_GLOBALS.binding} = globalThis.${CELL_GLOBALS.handover}.binding,`,
  `  ${CELL_GLOBALS.publish} = globalThis.${CELL_GLOBALS.handover}.publish,`,
  `  ${CELL_GLOBALS.error} = globalThis.${CELL_GLOBALS.handover}.error,`,
  `  ${CELL_GLOBALS.deadZones} = globalThis.${CELL_GLOBALS.handover}.deadZones,`,
  `  ${CELL_GLOBALS.pattern} = globalThis.${CELL_GLOBALS.handover}.pattern;`,
  `delete globalThis.${CELL_GLOBALS.handover};`,
].join("\n");
