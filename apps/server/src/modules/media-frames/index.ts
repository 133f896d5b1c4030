// Front door of the media-frames module (others import it only from here). Video metadata and playable copies: the
// procedures and the play route, and ffprobe with the safe input options for a stored video (teaching sources).

export { mediaFramesImplementations } from './media-frames.procedures.ts';
export { browserPlays, ffprobePath, inputArgs } from './probe-video.ts';
export { registerVideoPlayRoute } from './video-play.route.ts';
