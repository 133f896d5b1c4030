// Live media in the browser tests: whether the run has a Janus, and how much video a page's <video> has decoded.
import type { Page } from 'playwright-core';

/** e2e/run.mjs starts a Janus when the machine has one (CI always: a missing Janus fails the run there). */
export const noJanus = process.env.E2E_JANUS ? false : 'Janus is not installed (apt-get install janus janus-tools)';

/** Frames the video of `testId` has decoded (its peer connection's inbound video), or 0 before it plays. */
async function framesDecoded(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate(async (video) => {
    const peer = (video as HTMLVideoElement & { livePeer?: RTCPeerConnection }).livePeer;
    if (!peer) return 0;
    let frames = 0;
    (await peer.getStats()).forEach((stat) => {
      if (stat.type === 'inbound-rtp' && stat.kind === 'video') frames = stat.framesDecoded ?? 0;
    });
    return frames;
  });
}

/** Waits up to 30 s until the video of `testId` has decoded more than `above` frames; answers the count. */
export async function waitForFrames(page: Page, testId: string, above: number): Promise<number> {
  for (let waited = 0; waited < 30_000; waited += 500) {
    const frames = await framesDecoded(page, testId).catch(() => 0);
    if (frames > above) return frames;
    await page.waitForTimeout(500);
  }
  throw new Error(`${testId}: no more than ${above} frames decoded in 30 s`);
}
