import { type RefObject, useEffect } from 'react';
import { eventShortcut, type ToolLabel } from '../text/text-template.ts';

export interface AudioKeyActions {
  togglePlay: () => void;
  skip: (seconds: number) => void;
  /** Starts a region at the playhead, or ends the one started. */
  mark: () => void;
  pick: (label: string) => void;
  deleteSelected: () => void;
  cancel: () => void;
  markKey: string;
  readOnly: boolean;
  labels: ToolLabel[];
}

/**
 * Keys of the audio tool (outside inputs): Space plays / pauses, the mark key (the tool's shortcut, default S)
 * starts and ends a region at the playhead, a label's shortcut picks the label of the next region (never relabels
 * one), Delete / Backspace removes the selected region, ← / → skip a second (Shift: five), Escape drops a
 * started region and the selection. Ctrl / Cmd combinations stay with the frame.
 */
export function useAudioKeys(actions: RefObject<AudioKeyActions>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable]')) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const a = actions.current;
      if (event.key === ' ') {
        event.preventDefault();
        a.togglePlay();
        return;
      }
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        a.skip((event.key === 'ArrowLeft' ? -1 : 1) * (event.shiftKey ? 5 : 1));
        return;
      }
      if (event.key === 'Escape') return a.cancel();
      if (a.readOnly) return;
      if ((event.key === 'Delete' || event.key === 'Backspace') && !event.shiftKey) {
        event.preventDefault();
        a.deleteSelected();
        return;
      }
      const shortcut = eventShortcut(event);
      if (!shortcut) return;
      const label = a.labels.find((l) => l.shortcut === shortcut);
      if (label) {
        event.preventDefault();
        a.pick(label.name);
      } else if (shortcut === a.markKey) {
        event.preventDefault();
        a.mark();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
