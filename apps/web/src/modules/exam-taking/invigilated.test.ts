import { describe, expect, it } from 'vitest';
import { cameraStopOf, DeviceReports, stopReason, warningFor, wholeScreen } from './invigilated.ts';

describe('live invigilation on the answering page', () => {
  it('takes the warnings to this attempt only', () => {
    expect(warningFor({ action: 'invigilation', attempt_id: 7, message: 'Eyes on your screen' }, 7)).toBe(
      'Eyes on your screen',
    );
    expect(warningFor({ action: 'invigilation', attempt_id: 8, message: 'x' }, 7)).toBeNull();
    expect(warningFor({ action: 'live_room', attempt_id: 7, message: 'x' }, 7)).toBeNull();
    expect(warningFor({ action: 'invigilation', attempt_id: 7 }, 7)).toBeNull();
    expect(warningFor(null, 7)).toBeNull();
    expect(warningFor('invigilation', 7)).toBeNull();
  });

  it("tells a refused camera from a missing one, and names the timeline's reason", () => {
    expect(cameraStopOf(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraStopOf(new DOMException('insecure', 'SecurityError'))).toBe('denied');
    expect(cameraStopOf(new DOMException('none', 'NotFoundError'))).toBe('missing');
    expect(cameraStopOf(new DOMException('busy', 'NotReadableError'))).toBe('missing');
    expect(cameraStopOf(undefined)).toBe('missing');
    expect(stopReason('denied')).toBe('denied');
    expect(stopReason('ended')).toBe('ended');
    expect(stopReason('partial')).toBe('partial');
    expect(stopReason('missing')).toBe('failed');
    expect(stopReason('publish')).toBe('failed');
  });

  it('takes the entire screen only (a browser that does not say is trusted)', () => {
    const track = (displaySurface?: string) =>
      ({ getSettings: () => (displaySurface ? { displaySurface } : {}) }) as unknown as MediaStreamTrack;
    expect(wholeScreen(track('monitor'))).toBe(true);
    expect(wholeScreen(track())).toBe(true);
    expect(wholeScreen(track('window'))).toBe(false);
    expect(wholeScreen(track('browser'))).toBe(false);
  });

  it('reports a device on at every publish, and a stop once in a row', () => {
    const reports = new DeviceReports();
    expect(reports.tell('camera', 'on')).toEqual({ kind: 'camera_on' });
    // Published again after a lost connection: the media server may have told a stop meanwhile.
    expect(reports.tell('camera', 'on')).toEqual({ kind: 'camera_on' });
    expect(reports.tell('camera', 'stopped', 'ended')).toEqual({ kind: 'camera_stopped', detail: { reason: 'ended' } });
    expect(reports.tell('camera', 'stopped', 'failed')).toBeNull();
    expect(reports.tell('camera', 'on')).toEqual({ kind: 'camera_on' });
    const refused = new DeviceReports();
    expect(refused.tell('camera', 'stopped', 'denied')).toEqual({
      kind: 'camera_stopped',
      detail: { reason: 'denied' },
    });
  });

  it("keeps the screen's reports apart from the camera's", () => {
    const reports = new DeviceReports();
    expect(reports.tell('camera', 'stopped', 'denied')).not.toBeNull();
    // The camera's stop does not hide the screen's first stop, nor the other way round.
    expect(reports.tell('screen', 'stopped', 'partial')).toEqual({
      kind: 'screen_stopped',
      detail: { reason: 'partial' },
    });
    expect(reports.tell('screen', 'stopped', 'denied')).toBeNull();
    expect(reports.tell('screen', 'on')).toEqual({ kind: 'screen_on' });
    expect(reports.tell('camera', 'stopped', 'failed')).toBeNull();
    expect(reports.tell('screen', 'stopped', 'ended')).toEqual({ kind: 'screen_stopped', detail: { reason: 'ended' } });
  });
});
