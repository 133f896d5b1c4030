import path from 'node:path';
import type { Config } from '../../../config.ts';
import { type IceServer, iceServerUrls } from './ice-servers.ts';
import { JanusProvider } from './janus-provider.ts';
import { VolcanoProvider } from './volcano-provider.ts';

/**
 * What a browser needs to join a live room's media, as `/live-room/volcano-rtc-token` answers it: for Janus the
 * WebSocket address, the VideoRoom id, a signed core token (sent as `token` on every Janus request) and the room
 * token (sent as `token` in the VideoRoom `join`) and the STUN/TURN servers to reach it; for Volcano Engine RTC its app id, room, user and join token.
 */
export type JoinCredentials =
  | {
      provider: 'janus';
      url: string;
      room: number;
      token: string;
      room_token: string;
      expires_at: string;
      ice_servers: IceServer[];
    }
  | { provider: 'volcano'; app_id: string; room_id: string; user_id: string; token: string; expires_at: string };

/**
 * The media server behind the live rooms. The platform never relays media: it opens and closes rooms on the media
 * server, hands each admitted user credentials for one room, and takes them back; everything else (publishing,
 * subscribing) happens between the browser and the media server.
 */
export interface MediaProvider {
  readonly kind: 'janus' | 'volcano';
  /** Creates the media room (idempotent for the same id: an existing room is kept). */
  openRoom(room: { id: number; title: string; record: boolean; maxPublishers: number }): Promise<void>;
  /** Destroys it (no error when already gone). */
  closeRoom(roomId: number): Promise<void>;
  /**
   * Per-user credentials to join room `roomId` (Janus: a signed core token valid for `ttlSeconds` and a per-user room
   * token registered in the room's `allowed` list).
   */
  joinCredentials(roomId: number, userId: number, ttlSeconds: number): Promise<JoinCredentials>;
  /** Takes a user's room token back and kicks them from the media room. */
  removeUser(roomId: number, userId: number): Promise<void>;
  /**
   * Participants now in the media room (Janus listparticipants): user ids (display carries the user id) and whether
   * publishing.
   */
  participants(roomId: number): Promise<{ userId: number; publisher: boolean }[]>;
}

/**
 * The configured media provider: Volcano Engine RTC when VOLCANO_APP_ID and VOLCANO_APP_KEY are set, else Janus when
 * JANUS_URL is, else null (live rooms then cannot start media and say so). Recordings default to
 * DATA_DIR/janus-recordings, resolved to an absolute path since Janus runs in another working directory.
 */
export function mediaProviderFor(config: Config): MediaProvider | null {
  if (config.VOLCANO_APP_ID && config.VOLCANO_APP_KEY) {
    return new VolcanoProvider({ appId: config.VOLCANO_APP_ID, appKey: config.VOLCANO_APP_KEY });
  }
  if (config.JANUS_URL && config.JANUS_PUBLIC_URL && config.JANUS_TOKEN_SECRET && config.JANUS_ROOM_KEY) {
    return new JanusProvider({
      url: config.JANUS_URL,
      publicUrl: config.JANUS_PUBLIC_URL,
      tokenSecret: config.JANUS_TOKEN_SECRET,
      roomKey: config.JANUS_ROOM_KEY,
      recordingsDir: recordingsDirOf(config),
      iceServers: iceServerUrls(config.ICE_SERVERS),
      turnSecret: config.TURN_SECRET,
    });
  }
  return null;
}

/** Where Janus writes recordings (absolute: Janus runs in another working directory). */
export function recordingsDirOf(config: Config): string {
  return path.resolve(config.JANUS_RECORDINGS_DIR ?? path.join(config.DATA_DIR, 'janus-recordings'));
}
