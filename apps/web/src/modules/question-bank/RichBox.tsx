import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

/** The rich-text box, loaded on first use (Tiptap stays in its own chunk). */
export function RichBox(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: props.compact ? 40 : 96 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
