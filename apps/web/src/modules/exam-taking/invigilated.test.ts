import { describe, expect, it } from 'vitest';
import { CameraReports, cameraStopOf, stopReason, warningFor } from './invigilated.ts';

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
    expect(stopReason('missing')).toBe('failed');
    expect(stopReason('publish')).toBe('failed');
  });

  it('reports the camera on at every publish, and a stop once in a row', () => {
    const reports = new CameraReports();
    expect(reports.tell('on')).toBe(true);
    // Published again after a lost connection: the media server may have told a stop meanwhile.
    expect(reports.tell('on')).toBe(true);
    expect(reports.tell('stopped')).toBe(true);
    expect(reports.tell('stopped')).toBe(false);
    expect(reports.tell('on')).toBe(true);
    const refused = new CameraReports();
    expect(refused.tell('stopped')).toBe(true);
  });
});
