import { type RefObject, useEffect } from 'react';
import type { Span } from './text-model.ts';
import { eventShortcut, type ToolLabel } from './text-template.ts';

export interface TextKeyActions {
  pick: (label: string) => void;
  deleteEntity: (id: string) => void;
  addEntity: (span: Span, label: string) => void;
  clearAll: () => void;
  current: string;
  pending: Span | null;
  selectedId: string | null;
  readOnly: boolean;
  labels: ToolLabel[];
}

/**
 * Keys of the text tool (outside inputs): a label's shortcut tags the pending selection, else picks the label of
 * the next entity (never relabels one), Enter tags with the current label, Delete / Backspace removes the selected entity, Escape
 * drops the pending selection and the link mode. Ctrl / Cmd combinations stay with the frame.
 */
export function useTextKeys(actions: RefObject<TextKeyActions>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable]')) return;
      const a = actions.current;
      if (event.key === 'Escape') return a.clearAll();
      if (a.readOnly) return;
      const plain = !(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey);
      if ((event.key === 'Delete' || event.key === 'Backspace') && plain && a.selectedId) {
        event.preventDefault();
        a.deleteEntity(a.selectedId);
      } else if (event.key === 'Enter' && plain && a.pending && a.current) {
        event.preventDefault();
        a.addEntity(a.pending, a.current);
      } else {
        const shortcut = eventShortcut(event);
        const label = shortcut ? a.labels.find((l) => l.shortcut === shortcut) : undefined;
        if (label) {
          event.preventDefault();
          a.pick(label.name);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
