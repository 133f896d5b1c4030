import { mediaWaveformProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { readWaveform } from './read-waveform.service.ts';

/** Precomputed waveforms of audio items for the annotation tool (ffmpeg, cached in the file store). */
export const mediaWaveformImplementations = [
  implement(p.dataWaveform, async (input, ctx) => readWaveform(ctx, input.item_id)),
];
