import { type Dispatch, type RefObject, type SetStateAction, useEffect } from 'react';
import { eventShortcut } from '../image/image-model.ts';
import { adjacentKeyFrame, boxAt } from './track-model.ts';
import type { LiveAnnotator, TrackEditSetters, TrackEdits } from './use-track-edits.ts';

/** Whether a key goes to a text field or slider (then the annotator ignores it). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, textarea, select, [contenteditable], [role="slider"]');

/** The video annotator's state setters and track edits that its keys use. */
export interface VideoKeyActions
  extends Pick<TrackEdits, 'pickLabel' | 'removeKey' | 'removeTrack' | 'keyShown' | 'outside'>,
    Pick<TrackEditSetters, 'setSelectedId'> {
  setMode: Dispatch<SetStateAction<string>>;
}

/**
 * The video annotator's keys on the window (the template's tool and label shortcuts win): Space play / pause,
 * ← → one frame, Shift+← → ten frames, Home / End, , and . the selected track's previous and next key frame, K key
 * the shown box, O outside from here, Delete the key frame (Shift+Delete the track), Escape cancels the selection.
 * Releasing Space clears `spaceRef`.
 */
export function useVideoKeys(
  live: RefObject<LiveAnnotator>,
  spaceRef: RefObject<boolean>,
  { setMode, setSelectedId, pickLabel, removeKey, removeTrack, keyShown, outside }: VideoKeyActions,
) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typing(event.target) || event.ctrlKey || event.metaKey) return;
      const { setup, readOnly, selected, frames, frame } = live.current;
      const key = eventShortcut(event);
      const tool = key ? setup.toolKeys.get(key) : undefined;
      const labelName = key ? setup.labelKeys.get(key) : undefined;
      if (tool && !readOnly) {
        event.preventDefault();
        setMode(tool);
        return;
      }
      if (labelName) {
        event.preventDefault();
        pickLabel(labelName);
        return;
      }
      const step = event.shiftKey ? 10 : 1;
      const navigation: Record<string, () => void> = {
        ' ': frames.toggle,
        ArrowLeft: () => frames.step(-step),
        ArrowRight: () => frames.step(step),
        Home: () => frames.seek(0),
        End: () => frames.seek(frames.count - 1),
        ',': () => {
          const at = selected && adjacentKeyFrame(selected.track, frame, -1);
          if (at !== null && at !== undefined) frames.seek(at);
        },
        '.': () => {
          const at = selected && adjacentKeyFrame(selected.track, frame, 1);
          if (at !== null && at !== undefined) frames.seek(at);
        },
        Escape: () => setSelectedId(null),
      };
      const go = navigation[event.key];
      if (go) {
        event.preventDefault();
        go();
        return;
      }
      if (readOnly || !selected) return;
      const lower = event.key.toLowerCase();
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        if (event.shiftKey) removeTrack();
        else removeKey();
      } else if (lower === 'k') keyShown();
      else if (lower === 'o') {
        const shown = boxAt(selected.track, frame);
        if (shown) outside(!shown.outside);
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') spaceRef.current = false;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [live, spaceRef, setMode, setSelectedId, pickLabel, removeKey, removeTrack, keyShown, outside]);
}
