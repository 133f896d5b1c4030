import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MediaToolProps } from '../tool-props.ts';

/** The audio tool in its own chunk (wavesurfer with it): the job frame loads it only for audio templates. */
const AudioAnnotator = lazy(() => import('./AudioAnnotator.tsx').then((m) => ({ default: m.AudioAnnotator })));

const anyAudio = (components: readonly TTemplateComponent[]): boolean =>
  components.some(
    (c) => c.type === 'audio_segment' || c.type === 'audio' || (c.type === 'layout' && anyAudio(c.children)),
  );

/**
 * Whether the template has an audio placeholder or an audio_segment tool: then the audio tool (waveform, play
 * controls, the play-through rule, regions when there is a tool) replaces the plain item view.
 */
export function hasAudioTool(template: TTemplateContent | null): template is TTemplateContent {
  return template !== null && anyAudio(template.components);
}

export function LazyAudioAnnotator(props: MediaToolProps) {
  return (
    <Suspense fallback={<Spin />}>
      <AudioAnnotator {...props} />
    </Suspense>
  );
}
