import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A tool's list of shapes and its other side controls, shown in the job frame's side panel when the frame gives one
 * (`MediaToolProps.panel`), else where the tool puts it.
 */
export function InSidePanel({ panel, children }: { panel: HTMLElement | null | undefined; children: ReactNode }) {
  return panel ? createPortal(children, panel) : children;
}
