/**
 * Names of the globals rewritten cells call (helpers in cell-globals.ts). Imported by the engine's
 * cell transform too, so this module imports nothing (a host module must not load the guest's
 * intrinsics: one exporting \`then\` makes a module namespace a thenable).
 */
export const CELL_GLOBALS = {
  /** `__quickbox_const__(name | names, value | values)`: defines constant globals. */
  constant: "__quickbox_const__",
  /** `__quickbox_let__(name | names, value)`: removes constant accessors of these names; returns value. */
  variable: "__quickbox_let__",
  /** `__quickbox_publish__(name, fn)`: makes a block-level function of a wrapped cell global. */
  publish: "__quickbox_publish__",
  /** A writable global that `var __quickbox_sink__ = …` declarations assign (keeps the completion value empty). */
  sink: "__quickbox_sink__",
  /** The label of a cell wrapped for its top-level `return`. */
  cellLabel: "__quickbox_cell__",
} as const;
