/**
 * Live invigilation on the answering page (docs/invigilation.md): what the camera and the shared screen report to the
 * evidence timeline, and the invigilators' warnings that arrive over the platform socket.
 */

/** What the invigilators watch: the camera, and the screen when the exam shares it. */
export type InvigilatedDevice = 'camera' | 'screen';

/**
 * Why a device is not on: refused, none could be opened (or the browser cannot share a screen), it stopped
 * (unplugged, the browser's own stop), or — a screen — a window or a tab was chosen instead of the entire screen.
 */
export type DeviceStop = 'denied' | 'missing' | 'ended' | 'partial';
export type CameraStop = Exclude<DeviceStop, 'partial'>;

/** The reason a stop carries in the timeline (`failed`: opened or published, it did not work). */
export type StopReason = 'denied' | 'ended' | 'failed' | 'partial';
export const stopReason = (stop: DeviceStop | 'publish'): StopReason =>
  stop === 'denied' || stop === 'ended' || stop === 'partial' ? stop : 'failed';

/** What getUserMedia's (or getDisplayMedia's) refusal means: the user or the browser refused, or nothing to open. */
export function cameraStopOf(error: unknown): CameraStop {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'missing';
}

/** A shared screen must be the entire screen: a window or a tab shows only what the candidate chose to show. */
export const wholeScreen = (track: MediaStreamTrack) => {
  const surface = (track.getSettings() as { displaySurface?: string }).displaySurface;
  // Browsers that do not say which surface was chosen are trusted.
  return surface === undefined || surface === 'monitor';
};

/** A warning to this attempt: `{ action: 'invigilation', attempt_id, message }`. */
export function warningFor(data: unknown, attemptId: number): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const push = data as { action?: unknown; attempt_id?: unknown; message?: unknown };
  if (push.action !== 'invigilation' || push.attempt_id !== attemptId || typeof push.message !== 'string') return null;
  return push.message;
}

/** One event for `/dataset-examine/event`. */
export interface DeviceReport {
  kind: `${InvigilatedDevice}_${'on' | 'stopped'}`;
  detail?: { reason: StopReason };
}

/**
 * Which camera and screen events the page sends, each device apart: `<device>_on` at every publish (the media server
 * may have reported a stop in between, after a lost connection; the server writes an event only when the timeline's
 * device changes), and `<device>_stopped` once in a row (a media server that keeps failing is one stop, not one a
 * retry).
 */
export class DeviceReports {
  private readonly last = new Map<InvigilatedDevice, 'on' | 'stopped'>();

  /** The event to send for the device's new state (it is then the last one told), or null for a repeated stop. */
  tell(device: InvigilatedDevice, now: 'on' | 'stopped', reason?: StopReason): DeviceReport | null {
    const send = now === 'on' || this.last.get(device) !== 'stopped';
    this.last.set(device, now);
    if (!send) return null;
    return { kind: `${device}_${now}`, ...(reason && now === 'stopped' ? { detail: { reason } } : {}) };
  }
}
