import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { iceServersFor, iceServerUrls } from './ice-servers.ts';

describe('STUN and TURN servers for browsers', () => {
  it('refuses a malformed address and a turn: address without the shared secret', () => {
    expect(() => loadConfig({ ICE_SERVERS: 'http://turn.example.org' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ICE_SERVERS: 'stun:a.example.org, turn:b.example.org:3478' })).toThrow(/TURN_SECRET/);
    expect(() => loadConfig({ ICE_SERVERS: 'turn:b.example.org', TURN_SECRET: 'short' })).toThrow(/TURN_SECRET/);
    expect(loadConfig({ ICE_SERVERS: 'stun:a.example.org:3478' }).ICE_SERVERS).toBe('stun:a.example.org:3478');
  });

  it('hands STUN as it is and TURN with REST-API credentials (coturn use-auth-secret) that end with the tokens', () => {
    const urls = iceServerUrls(' stun:stun.example.org:3478, turn:turn.example.org:3478?transport=udp,, ');
    expect(urls).toEqual(['stun:stun.example.org:3478', 'turn:turn.example.org:3478?transport=udp']);
    const servers = iceServersFor(urls, 'a-shared-secret-of-coturn', 42, new Date(1_700_000_000_000));
    // openssl: printf '1700000000:42' | openssl dgst -sha1 -hmac a-shared-secret-of-coturn -binary | base64
    expect(servers).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      {
        urls: ['turn:turn.example.org:3478?transport=udp'],
        username: '1700000000:42',
        credential: '4Sf4ugc/kX4xsafpScncQc6BDp0=',
      },
    ]);
    expect(iceServersFor(['turn:turn.example.org'], undefined, 42, new Date())).toEqual([]);
    expect(iceServersFor([], 'a-shared-secret-of-coturn', 42, new Date())).toEqual([]);
  });
});
