import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MediaToolProps } from '../tool-props.ts';

/** The text tool in its own chunk: the job frame loads it only for templates with a text_entity tool. */
const TextAnnotator = lazy(() => import('./TextAnnotator.tsx').then((m) => ({ default: m.TextAnnotator })));

const anyText = (components: readonly TTemplateComponent[]): boolean =>
  components.some((c) => c.type === 'text_entity' || (c.type === 'layout' && anyText(c.children)));

/** Whether the template has a text_entity tool (then the text tool replaces the plain item view). */
export function hasTextTool(template: TTemplateContent | null): template is TTemplateContent {
  return template !== null && anyText(template.components);
}

export function LazyTextAnnotator(props: MediaToolProps) {
  return (
    <Suspense fallback={<Spin />}>
      <TextAnnotator {...props} />
    </Suspense>
  );
}
