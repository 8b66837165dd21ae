/** The program editor: CodeMirror 6 with JS/TS highlighting; Ctrl/Cmd+Enter runs. */
import { javascript } from "@codemirror/lang-javascript";
import { Prec } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { basicSetup } from "codemirror";

export interface ProgramEditor {
  get code(): string;
  set code(text: string);
  focus(): void;
}

export function createEditor(parent: HTMLElement, initialCode: string, onRun: () => void): ProgramEditor {
  const view = new EditorView({
    parent,
    doc: initialCode,
    extensions: [
      Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => (onRun(), true) }])),
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
