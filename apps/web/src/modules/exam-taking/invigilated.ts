/**
 * Live invigilation on the answering page (docs/invigilation.md): what the camera reports to the evidence timeline,
 * and the invigilators' warnings that arrive over the platform socket.
 */

/** Why the camera is not on: refused, no camera could be opened, or it stopped (unplugged, the browser's stop). */
export type CameraStop = 'denied' | 'missing' | 'ended';

/** The reason `camera_stopped` carries in the timeline (`failed`: opened or published, it did not work). */
export const stopReason = (stop: CameraStop | 'publish'): 'denied' | 'ended' | 'failed' =>
  stop === 'denied' || stop === 'ended' ? stop : 'failed';

/** What getUserMedia's refusal means: the user or the browser refused, or there was no camera to open. */
export function cameraStopOf(error: unknown): CameraStop {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'missing';
}

/** A warning to this attempt: `{ action: 'invigilation', attempt_id, message }`. */
export function warningFor(data: unknown, attemptId: number): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const push = data as { action?: unknown; attempt_id?: unknown; message?: unknown };
  if (push.action !== 'invigilation' || push.attempt_id !== attemptId || typeof push.message !== 'string') return null;
  return push.message;
}

/**
 * Which camera events the page sends: `camera_on` at every publish (the media server may have reported a stop in
 * between, after a lost connection; the server writes an event only when the timeline's camera changes), and
 * `camera_stopped` once in a row (a media server that keeps failing is one stop, not one a retry).
 */
export class CameraReports {
  private last: 'on' | 'stopped' | null = null;

  /** Whether to send this report (it is then the last one told). */
  tell(now: 'on' | 'stopped'): boolean {
    const send = now === 'on' || this.last !== 'stopped';
    this.last = now;
    return send;
  }
}
