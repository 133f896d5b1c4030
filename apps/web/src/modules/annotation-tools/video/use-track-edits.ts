import { type Dispatch, type RefObject, type SetStateAction, useCallback } from 'react';
import { relabel } from '../label-pick.ts';
import type { MediaToolProps } from '../tool-props.ts';
import type { ListedTrack } from './TrackTimeline.tsx';
import {
  type Box,
  boxAt,
  isVideoTrack,
  newTrackId,
  removeKeyFrame,
  setKeyFrame,
  setOutside,
  type VideoTrack,
} from './track-model.ts';
import type { VideoFrames } from './use-video-frames.ts';
import type { VideoSetup } from './video-template.ts';

/** What the video annotator's callbacks read when they run (kept in a ref, so that the callbacks stay stable). */
export interface LiveAnnotator extends Pick<MediaToolProps, 'value' | 'onChange' | 'readOnly'> {
  selected: ListedTrack | null;
  frame: number;
  mode: string;
  setup: VideoSetup;
  labelFor: (toolId: string) => string | null;
  frames: VideoFrames;
  played: boolean;
}

/** The video annotator's state setters that the track edits use. */
export interface TrackEditSetters {
  setSelectedId: Dispatch<SetStateAction<string | null>>;
  setLabel: Dispatch<SetStateAction<string | null>>;
  setViewHidden: Dispatch<SetStateAction<ReadonlySet<string>>>;
}

/** The edits of one track, each a stable callback. */
export interface TrackEdits {
  /** A box moved or resized on the current frame (a key frame there). */
  edit: (id: string, box: Box) => void;
  /** A box drawn with the current tool: a new track with a key frame on the current frame. */
  create: (box: Box) => void;
  /** Hides or locks a track (while reading only: hides it in this view, the result stays). */
  patch: (id: string, change: Partial<Pick<VideoTrack, 'hidden' | 'locked'>>) => void;
  /** Picks the label for new tracks (never relabels one: label-pick.ts). */
  pickLabel: (name: string) => void;
  /** The track panel's "change label": the one way to relabel a track. */
  relabelTrack: (id: string, name: string) => void;
  /** Makes the selected track's shown box a key frame. */
  keyShown: () => void;
  /** Removes the selected track's key frame on the current frame. */
  removeKey: () => void;
  /** Marks the selected track outside (or back inside) from the current frame on. */
  outside: (gone: boolean) => void;
  /** Removes the selected track. */
  removeTrack: () => void;
}

const trackOf = (shapes: readonly unknown[], id: string) =>
  shapes.find((s): s is VideoTrack => isVideoTrack(s) && s.id === id);

/** The video annotator's track edits: each reads `live` when it runs and reports the whole result via onChange. */
export function useTrackEdits(
  live: RefObject<LiveAnnotator>,
  { setSelectedId, setLabel, setViewHidden }: TrackEditSetters,
): TrackEdits {
  const replace = useCallback(
    (id: string, next: VideoTrack | null) => {
      const { value, onChange, readOnly } = live.current;
      if (readOnly) return;
      const shapes = next
        ? value.shapes.map((s) => (isVideoTrack(s) && s.id === id ? next : s))
        : value.shapes.filter((s) => !(isVideoTrack(s) && s.id === id));
      onChange({ ...value, shapes });
      if (!next) setSelectedId(null);
    },
    [live, setSelectedId],
  );
  const edit = useCallback(
    (id: string, box: Box) => {
      const track = trackOf(live.current.value.shapes, id);
      if (track && !track.locked) replace(id, setKeyFrame(track, live.current.frame, box));
    },
    [live, replace],
  );
  const create = useCallback(
    (box: Box) => {
      const { value, onChange, readOnly, mode, setup, labelFor, frame } = live.current;
      const tool = setup.byId.get(mode);
      if (readOnly || !tool) return;
      const trackLabel = labelFor(tool.id);
      const track: VideoTrack = {
        id: newTrackId(value.shapes),
        tool: tool.id,
        type: 'video_track',
        ...(trackLabel ? { label: trackLabel } : {}),
        frames: [{ frame, ...box, key: true }],
      };
      onChange({ ...value, shapes: [...value.shapes, track] });
      setSelectedId(track.id);
    },
    [live, setSelectedId],
  );
  const patch = useCallback(
    (id: string, change: Partial<Pick<VideoTrack, 'hidden' | 'locked'>>) => {
      if (live.current.readOnly) {
        setViewHidden((now) => {
          const next = new Set(now);
          if (change.hidden) next.add(id);
          else next.delete(id);
          return next;
        });
        return;
      }
      const track = trackOf(live.current.value.shapes, id);
      if (track) replace(id, { ...track, ...change });
    },
    [live, replace, setViewHidden],
  );
  const pickLabel = useCallback((name: string) => setLabel(name), [setLabel]);
  const relabelTrack = useCallback(
    (id: string, name: string) => {
      const { value, onChange, setup, readOnly } = live.current;
      const track = trackOf(value.shapes, id);
      const shapes = !readOnly && track && relabel(value.shapes, id, name, isVideoTrack, setup.labelsOf(track.tool));
      if (shapes) onChange({ ...value, shapes });
    },
    [live],
  );
  const keyShown = useCallback(() => {
    const track = live.current.selected?.track;
    const shown = track && boxAt(track, live.current.frame);
    if (track && shown && !track.locked) replace(track.id, setKeyFrame(track, live.current.frame, shown));
  }, [live, replace]);
  const removeKey = useCallback(() => {
    const track = live.current.selected?.track;
    if (track && !track.locked && boxAt(track, live.current.frame)?.key) {
      replace(track.id, removeKeyFrame(track, live.current.frame));
    }
  }, [live, replace]);
  const outside = useCallback(
    (gone: boolean) => {
      const track = live.current.selected?.track;
      if (track && !track.locked) replace(track.id, setOutside(track, live.current.frame, gone));
    },
    [live, replace],
  );
  const removeTrack = useCallback(() => {
    const track = live.current.selected?.track;
    if (track && !track.locked) replace(track.id, null);
  }, [live, replace]);
  return { edit, create, patch, pickLabel, relabelTrack, keyShown, removeKey, outside, removeTrack };
}
