// Front door of the media-waveform module (others import it only from here). Waveforms of audio items: the procedures,
// the ffmpeg binary, and the media item lookup.

export { extensionOfSource, ffmpegPath, protocolsFor } from './compute-peaks.ts';
export { mediaWaveformImplementations } from './media-waveform.procedures.ts';
export { waveformItem } from './media-waveform.queries.ts';
