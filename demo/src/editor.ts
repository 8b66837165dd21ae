/** The program editor: CodeMirror 6 with JS/TS highlighting; Ctrl/Cmd+Enter runs. */
import { javascript } from "@codemirror/lang-javascript";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { Prec } from "@codemirror/state";
import { tags } from "@lezer/highlight";
import { EditorView, keymap } from "@codemirror/view";
import { basicSetup } from "codemirror";

export interface ProgramEditor {
  get code(): string;
  set code(text: string);
  focus(): void;
}

/** Colours with at least 4.5:1 contrast on white and on the active-line tint (CodeMirror's defaults fall short). */
const readableHighlighting = HighlightStyle.define([
  { tag: [tags.keyword, tags.operatorKeyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: "#6b2fa3" },
  { tag: [tags.string, tags.special(tags.string)], color: "#116329" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "#0550ae" },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "#57606a", fontStyle: "italic" },
  { tag: [tags.typeName, tags.className, tags.namespace], color: "#953800" },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: "#0a4f8f" },
  { tag: [tags.regexp, tags.escape], color: "#8a2b00" },
  { tag: tags.invalid, color: "#b00020" },
]);

export function createEditor(parent: HTMLElement, initialCode: string, onRun: () => void): ProgramEditor {
  const view = new EditorView({
    parent,
    doc: initialCode,
    extensions: [
      Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => (onRun(), true) }])),
      Prec.high(syntaxHighlighting(readableHighlighting)),
      basicSetup,
      javascript({ typescript: true }),
      EditorView.contentAttributes.of({ "aria-label": "Program", "data-testid": "editor" }),
      EditorView.lineWrapping,
    ],
  });
  return {
    get code() {
      return view.state.doc.toString();
    },
    set code(text: string) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    focus: () => view.focus(),
  };
}
