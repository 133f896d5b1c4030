import { type IceServer, iceServersFor } from './ice-servers.ts';
import { JanusClient, JanusError, VIDEOROOM_ERRORS } from './janus-client.ts';
import { janusRoomSecret, janusRoomToken, signJanusToken } from './janus-tokens.ts';
import type { JoinCredentials, MediaProvider } from './media-provider.ts';

export interface JanusProviderSettings {
  /** JANUS_URL: the HTTP API the server calls. */
  url: string;
  /** JANUS_PUBLIC_URL: the WebSocket address handed to browsers. */
  publicUrl: string;
  /** JANUS_TOKEN_SECRET (Janus's token_auth_secret). */
  tokenSecret: string;
  /** JANUS_ROOM_KEY (the VideoRoom's admin_key); room secrets and room tokens derive from it. */
  roomKey: string;
  /** An absolute folder Janus writes recordings to (JANUS_RECORDINGS_DIR). */
  recordingsDir: string;
  /** How long one request to Janus may take (default 5 s). */
  timeoutMs?: number;
  /** STUN/TURN addresses for browsers (ICE_SERVERS) and the TURN shared secret (TURN_SECRET). */
  iceServers?: readonly string[];
  turnSecret?: string;
}

/**
 * Live-room media on Janus's VideoRoom (a selective forwarding unit: each publisher sends once, Janus forwards to
 * every subscriber). Our room ids are the VideoRoom ids. Nothing is stored: a room's secret and each user's room token
 * derive from JANUS_ROOM_KEY, so any platform instance can manage any room and a Janus restart only needs the room
 * opened again.
 *
 * Browsers join with `display: "<userId>"` and the room token; rooms require a private id from subscribers
 * (`require_pvtid`), so a browser must first join as a participant (the step the room token guards) and subscribe
 * with the `private_id` that join answered: a bare core token cannot watch a room it was not admitted to.
 */
export class JanusProvider implements MediaProvider {
  readonly kind = 'janus' as const;
  readonly client: JanusClient;

  constructor(private readonly settings: JanusProviderSettings) {
    this.client = new JanusClient({
      url: settings.url,
      tokenSecret: settings.tokenSecret,
      timeoutMs: settings.timeoutMs,
    });
  }

  private secret(roomId: number): string {
    return janusRoomSecret(this.settings.roomKey, roomId);
  }

  async openRoom(room: { id: number; title: string; record: boolean; maxPublishers: number }): Promise<void> {
    await this.client.withVideoRoom(async (send) => {
      const { exists } = await send({ request: 'exists', room: room.id });
      if (exists === true) return;
      await send({
        request: 'create',
        admin_key: this.settings.roomKey,
        room: room.id,
        description: room.title.slice(0, 200),
        secret: this.secret(room.id),
        is_private: true,
        // Only tokens the platform added (joinCredentials) may join; the list starts empty.
        allowed: [],
        require_pvtid: true,
        publishers: room.maxPublishers,
        videocodec: 'vp8',
        audiocodec: 'opus',
        notify_joining: true,
        record: room.record,
        ...(room.record ? { rec_dir: this.settings.recordingsDir } : {}),
        // Only the secret (the platform) may start or stop the recording.
        lock_record: true,
        permanent: false,
      }).catch((error: unknown) => {
        // Another instance created it between "exists" and "create": the room is there, which is what was asked.
        if (!(error instanceof JanusError && error.code === VIDEOROOM_ERRORS.roomExists)) throw error;
      });
    });
  }

  async closeRoom(roomId: number): Promise<void> {
    await this.client.withVideoRoom(async (send) => {
      await send({ request: 'destroy', room: roomId, secret: this.secret(roomId), permanent: false }).catch(
        (error: unknown) => {
          if (!(error instanceof JanusError && error.code === VIDEOROOM_ERRORS.noSuchRoom)) throw error;
        },
      );
    });
  }

  async joinCredentials(roomId: number, userId: number, ttlSeconds: number): Promise<JoinCredentials> {
    const roomToken = janusRoomToken(this.settings.roomKey, roomId, userId);
    await this.client.withVideoRoom((send) =>
      send({ request: 'allowed', room: roomId, secret: this.secret(roomId), action: 'add', allowed: [roomToken] }),
    );
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    return {
      provider: 'janus',
      url: this.settings.publicUrl,
      room: roomId,
      token: signJanusToken(this.settings.tokenSecret, expiresAt),
      room_token: roomToken,
      expires_at: expiresAt.toISOString(),
      ice_servers: this.iceServers(userId, expiresAt),
    };
  }

  private iceServers(userId: number, expiresAt: Date): IceServer[] {
    return iceServersFor(this.settings.iceServers ?? [], this.settings.turnSecret, userId, expiresAt);
  }

  async removeUser(roomId: number, userId: number): Promise<void> {
    const roomToken = janusRoomToken(this.settings.roomKey, roomId, userId);
    const secret = this.secret(roomId);
    await this.client.withVideoRoom(async (send) => {
      try {
        await send({ request: 'allowed', room: roomId, secret, action: 'remove', allowed: [roomToken] });
      } catch (error) {
        if (error instanceof JanusError && error.code === VIDEOROOM_ERRORS.noSuchRoom) return;
        throw error;
      }
      for (const participant of await listParticipants(send, roomId)) {
        if (participant.userId !== userId) continue;
        await send({ request: 'kick', room: roomId, secret, id: participant.id }).catch((error: unknown) => {
          // Left on their own between the list and the kick.
          if (!(error instanceof JanusError && error.code === VIDEOROOM_ERRORS.noSuchFeed)) throw error;
        });
      }
    });
  }

  /** Kicks one feed out of the media room (a feed already gone is not an error). */
  async kickFeed(roomId: number, feedId: number): Promise<void> {
    await this.client.withVideoRoom((send) =>
      send({ request: 'kick', room: roomId, secret: this.secret(roomId), id: feedId }).catch((error: unknown) => {
        if (!(error instanceof JanusError && error.code === VIDEOROOM_ERRORS.noSuchFeed)) throw error;
        return {};
      }),
    );
  }

  async participants(roomId: number): Promise<{ userId: number; publisher: boolean }[]> {
    return this.client.withVideoRoom(async (send) =>
      (await listParticipants(send, roomId)).map(({ userId, publisher }) => ({ userId, publisher })),
    );
  }
}

/**
 * The room's participants whose display is a user id (what the platform's pages send); others (none should exist:
 * only room tokens the platform issued get in) are left out.
 */
async function listParticipants(
  send: (body: Record<string, unknown>) => Promise<Record<string, unknown>>,
  roomId: number,
): Promise<{ id: number; userId: number; publisher: boolean }[]> {
  const answer = await send({ request: 'listparticipants', room: roomId });
  const participants = (answer.participants ?? []) as { id: number; display?: string; publisher?: boolean }[];
  // The room page names a camera publisher "<userId>" and a screen share "<userId>:screen": both are the user's.
  return participants.flatMap((participant) => {
    const match = /^(\d+)(?::screen)?$/.exec(participant.display ?? '');
    return match ? [{ id: participant.id, userId: Number(match[1]), publisher: participant.publisher === true }] : [];
  });
}
