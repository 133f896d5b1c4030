import type { TLiveParticipant } from '@app/contracts';

export type LiveQuality = TLiveParticipant['quality'];

const LEVELS: readonly LiveQuality[] = ['good', 'fair', 'poor', 'lost'];

/** The worse of two qualities. */
export const worse = (a: LiveQuality, b: LiveQuality): LiveQuality => (LEVELS.indexOf(a) >= LEVELS.indexOf(b) ? a : b);

/** Quality from the round trip (seconds) and the share of packets lost since the last reading. */
export function qualityOf(rtt: number | null, lossShare: number | null): LiveQuality {
  if ((lossShare !== null && lossShare > 0.1) || (rtt !== null && rtt > 0.6)) return 'poor';
  if ((lossShare !== null && lossShare > 0.03) || (rtt !== null && rtt > 0.25)) return 'fair';
  return 'good';
}

/**
 * Reads the connection quality of the page's PeerConnections: ICE state first (failed: lost, disconnected: poor),
 * then the selected candidate pair's round trip and the packets lost since the previous reading.
 */
export function createQualityMeter() {
  let lastLost = 0;
  let lastReceived = 0;
  return async function measure(peers: readonly RTCPeerConnection[]): Promise<LiveQuality> {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return 'lost';
    let quality: LiveQuality = 'good';
    let rtt: number | null = null;
    let lost = 0;
    let received = 0;
    for (const peer of peers) {
      const state = peer.iceConnectionState;
      if (state === 'failed') quality = worse(quality, 'lost');
      else if (state === 'disconnected') quality = worse(quality, 'poor');
      const stats = await peer.getStats().catch(() => null);
      stats?.forEach((report: Record<string, unknown>) => {
        if (report.type === 'candidate-pair' && report.nominated && typeof report.currentRoundTripTime === 'number') {
          rtt = Math.max(rtt ?? 0, report.currentRoundTripTime);
        }
        if (report.type === 'inbound-rtp') {
          lost += Number(report.packetsLost ?? 0);
          received += Number(report.packetsReceived ?? 0);
        }
      });
    }
    const newLost = Math.max(0, lost - lastLost);
    const newReceived = Math.max(0, received - lastReceived);
    lastLost = lost;
    lastReceived = received;
    const share = newLost + newReceived > 0 ? newLost / (newLost + newReceived) : null;
    return worse(quality, qualityOf(rtt, share));
  };
}
