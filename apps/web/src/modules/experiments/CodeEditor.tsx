import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  indentUnit,
  type LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

/** What the page does with the editor besides typing: replace its text (reset, an old submission). */
export interface CodeEditorHandle {
  setCode: (code: string) => void;
  focus: () => void;
}

/** The language's highlighting, each package its own chunk, loaded when an experiment of it opens. */
async function languageOf(language: string): Promise<LanguageSupport | Extension> {
  switch (language) {
    case 'python3':
      return (await import('@codemirror/lang-python')).python();
    case 'javascript':
      return (await import('@codemirror/lang-javascript')).javascript();
    case 'c':
    case 'cpp':
      return (await import('@codemirror/lang-cpp')).cpp();
    case 'java':
      return (await import('@codemirror/lang-java')).java();
    default:
      return [];
  }
}

/**
 * The code editor (CodeMirror 6): line numbers, syntax highlighting for the experiment's language, Tab indents,
 * Ctrl/Cmd+Enter runs, Ctrl/Cmd+S submits. Loaded only with the `/program` page.
 */
export function CodeEditor({
  initial,
  language,
  onChange,
  onRun,
  onSubmit,
  label,
  ref,
}: {
  initial: string;
  language: string;
  onChange: (code: string) => void;
  onRun: () => void;
  onSubmit: () => void;
  label: string;
  ref?: Ref<CodeEditorHandle>;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment()).current;
  // The latest callbacks, read by the keymap and the listener set up once.
  const handlers = useRef({ onChange, onRun, onSubmit });
  handlers.current = { onChange, onRun, onSubmit };

  // The editor is made once per experiment (the page's key); later texts go through setCode.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, see above
  useEffect(() => {
    const shortcuts = keymap.of([
      {
        key: 'Mod-Enter',
        preventDefault: true,
        run: () => {
          handlers.current.onRun();
          return true;
        },
      },
      {
        key: 'Mod-s',
        preventDefault: true,
        run: () => {
          handlers.current.onSubmit();
          return true;
        },
      },
    ]);
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          shortcuts,
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          indentUnit.of(language === 'python3' ? '    ' : '  '),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          languageSlot.of([]),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    let live = true;
    languageOf(language).then(
      (support) => live && created.dispatch({ effects: languageSlot.reconfigure(support) }),
      () => {}, // Without its package the code is still edited, only not highlighted.
    );
    return () => {
      live = false;
      created.destroy();
      view.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    setCode: (code: string) => {
      const current = view.current;
      if (!current) return;
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: code } });
    },
    focus: () => view.current?.focus(),
  }));

  return <div ref={host} className="experiment-editor" data-testid="program-editor" />;
}
