import type { TJobView, TTemplateContent } from '@app/contracts';
import type { WorkResult } from './work-result.ts';

/**
 * What every media tool of the workbench receives (image canvas, text spans, and later audio, video, point
 * clouds). The tool edits `value.shapes` (and `value.relations` for text) and reports every finished change
 * through `onChange` with the whole new result: the frame keeps the undo/redo history, drafts and submits.
 * Geometry follows docs/annotation-tools.md (image pixels, character offsets).
 */
export interface MediaToolProps {
  template: TTemplateContent;
  item: TJobView['item'];
  value: WorkResult;
  onChange: (next: WorkResult) => void;
  readOnly: boolean;
  /**
   * The job frame's side panel: the tool shows its list of shapes (label, type, select, hide, lock, delete, change
   * label) there (`InSidePanel`); without it the tool shows the list beside or below its media.
   */
  panel?: HTMLElement | null;
}
