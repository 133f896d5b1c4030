import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { JanusProvider } from './janus-provider.ts';
import { mediaProviderFor } from './media-provider.ts';
import { parseVolcanoToken, VolcanoProvider, volcanoToken } from './volcano-provider.ts';

const APP_ID = '0123456789abcdef01234567';
const APP_KEY = 'app-key-for-tests';
const IN_AN_HOUR = 1_700_003_600;

describe('Volcano Engine RTC tokens', () => {
  it('match a vector made by the reference algorithm (Python struct packing, little endian)', () => {
    const fields = {
      appId: APP_ID,
      roomId: '42',
      userId: '7',
      nonce: 12_345_678,
      issuedAt: 1_700_000_000,
      expireAt: IN_AN_HOUR,
      privileges: { 4: IN_AN_HOUR, 0: IN_AN_HOUR, 1: IN_AN_HOUR, 2: IN_AN_HOUR, 3: IN_AN_HOUR },
    };
    const token = volcanoToken(APP_KEY, fields);
    // Computed once with the reference's packing (struct '<I', '<H', length-prefixed strings, keys sorted) and
    // HMAC-SHA256 in Python, independently of this code.
    expect(token).toBe(
      '0010123456789abcdef01234567MwBOYbwAAPFTZRD/U2UCADQyAQA3BQAAABD/U2UBABD/U2UCABD/U2UDABD/U2UEABD/U2U' +
        'gAN3vhBiylEOPF55sFWk6nb08s5suSMVelvtnAlK+Lkfr',
    );
    // The message, field by field: nonce, issued at, expire at (uint32 LE), "42" and "7" (uint16 LE length +
    // bytes), 5 privileges (uint16 LE count, then key uint16 + expiry uint32, keys ascending).
    const parsed = parseVolcanoToken(token);
    const expiry = '10ff5365';
    expect(parsed.message.toString('hex')).toBe(
      `4e61bc00${'00f15365'}${expiry}${'02003432'}${'010037'}${'0500'}${[0, 1, 2, 3, 4]
        .map((key) => `0${key}00${expiry}`)
        .join('')}`,
    );
    expect(parsed).toMatchObject({ ...fields, privileges: fields.privileges });
    expect(parsed.signature).toEqual(createHmac('sha256', APP_KEY).update(parsed.message).digest());
  });

  it('gives join credentials for the room and user, valid for the given time', async () => {
    const provider = new VolcanoProvider({ appId: APP_ID, appKey: APP_KEY });
    const before = Math.floor(Date.now() / 1000);
    const credentials = await provider.joinCredentials(42, 7, 600);
    expect(credentials).toMatchObject({ provider: 'volcano', app_id: APP_ID, room_id: '42', user_id: '7' });
    if (credentials.provider !== 'volcano') throw new Error('volcano credentials expected');
    const parsed = parseVolcanoToken(credentials.token);
    expect(parsed).toMatchObject({ appId: APP_ID, roomId: '42', userId: '7' });
    expect(parsed.issuedAt).toBeGreaterThanOrEqual(before);
    expect(parsed.expireAt).toBe(parsed.issuedAt + 600);
    expect(Object.keys(parsed.privileges).map(Number)).toEqual([0, 1, 2, 3, 4]);
    expect(Date.parse(credentials.expires_at) / 1000).toBe(parsed.expireAt);
    expect(parsed.nonce).toBeGreaterThan(0);
    // Room control goes through Volcano's OpenAPI, which the platform does not call: these do nothing.
    await provider.openRoom();
    await provider.removeUser();
    await provider.closeRoom();
    expect(await provider.participants()).toEqual([]);
  });
});

describe('mediaProviderFor', () => {
  const janus = {
    JANUS_URL: 'http://127.0.0.1:8088/janus',
    JANUS_PUBLIC_URL: 'ws://127.0.0.1:8188',
    JANUS_TOKEN_SECRET: 'a-token-secret-of-16+',
    JANUS_ROOM_KEY: 'a-room-key-of-16+chars',
  };

  it('picks Volcano when its app id and key are set, else Janus when configured, else none', () => {
    expect(mediaProviderFor(loadConfig({}))).toBeNull();
    expect(mediaProviderFor(loadConfig(janus))).toBeInstanceOf(JanusProvider);
    const both = loadConfig({ ...janus, VOLCANO_APP_ID: APP_ID, VOLCANO_APP_KEY: APP_KEY });
    expect(mediaProviderFor(both)?.kind).toBe('volcano');
  });

  it('refuses a Janus address without its secrets, and a Volcano id without its key', () => {
    expect(() => loadConfig({ JANUS_URL: janus.JANUS_URL })).toThrow(/JANUS_PUBLIC_URL: needed with JANUS_URL/);
    expect(() => loadConfig({ ...janus, JANUS_TOKEN_SECRET: 'short' })).toThrow(/JANUS_TOKEN_SECRET/);
    expect(() => loadConfig({ VOLCANO_APP_ID: APP_ID })).toThrow(/VOLCANO_APP_KEY/);
    expect(() => loadConfig({ VOLCANO_APP_ID: 'short', VOLCANO_APP_KEY: APP_KEY })).toThrow(/VOLCANO_APP_ID/);
  });
});
