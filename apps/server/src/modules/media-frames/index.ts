// Front door of the media-frames module (others import it only from here). Video metadata and playable copies: the
// procedures and the play route.

export { mediaFramesImplementations } from './media-frames.procedures.ts';
export { registerVideoPlayRoute } from './video-play.route.ts';
