import { type JanusJoin, joinAsPublisher, VIDEOROOM } from './janus-feeds.ts';
import { JanusError, type JanusHandle, JanusSession, type PluginData } from './janus-session.ts';
import {
  PublisherDirectory,
  type RemoteFeed,
  type RoomOptions,
  WATCH_EVERYONE,
  type WatchFilter,
} from './janus-watch.ts';

export type { JanusJoin } from './janus-feeds.ts';
export type { RemoteFeed, RoomOptions } from './janus-watch.ts';

/**
 * A media room on Janus's VideoRoom (1.x, multistream), from the browser: a live room's, or an exam's with live
 * invigilation. Every participant joins the room as a publisher first, without publishing: the rooms require a
 * private id from subscribers (`require_pvtid`) and only the publisher join tells it, with the list of the feeds
 * already published (and every new one after, in events). Each feed then gets a subscriber handle of its own
 * (`streams: [{feed}]`) whose offer is answered with `start`. The same publisher handle publishes the camera and
 * microphone once the user is on stage (hosts, invited students; an exam's candidate, camera only); a screen share
 * is a second publisher handle shown as `"<userId>:screen"`. `watch` chooses whose feeds the page receives (a live
 * room everyone; an exam candidate nobody; the invigilators' grid the candidates shown).
 */

export interface RoomListener {
  feeds(feeds: RemoteFeed[]): void;
  /** The host removed this user (Janus kicked the publisher). */
  kicked(): void;
  /** The room was destroyed (it ended) or the connection was lost (the page connects again). */
  closed(reason: 'destroyed' | 'lost'): void;
}

interface Subscription extends RemoteFeed {
  handle?: JanusHandle;
}

const candidateOf = (event: RTCPeerConnectionIceEvent) => (event.candidate ? event.candidate.toJSON() : null);

export class JanusRoom {
  private main: JanusHandle | null = null;
  private privateId = 0;
  private closed = false;
  private readonly subscriptions = new Map<number, Subscription>();
  private publisher: { peer: RTCPeerConnection; audio: RTCRtpSender; video: RTCRtpSender } | null = null;
  private screen: { handle: JanusHandle; peer: RTCPeerConnection } | null = null;
  /** Publishing steps run one after the other (a toggle while an offer is on its way waits for it). */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly session: JanusSession,
    private readonly join: JanusJoin,
    private readonly userId: number,
    private readonly listener: RoomListener,
    private readonly directory: PublisherDirectory,
  ) {}

  /** Connects, joins the room and subscribes to every feed watched, published now or later. */
  static async open(join: JanusJoin, userId: number, listener: RoomListener, options: RoomOptions = {}) {
    const session = await JanusSession.connect(join.url, join.token);
    const directory = new PublisherDirectory(userId, options.watch ?? WATCH_EVERYONE);
    const room = new JanusRoom(session, join, userId, listener, directory);
    try {
      const main = await session.attach(VIDEOROOM);
      room.main = main;
      main.onEvent = (data) => room.onRoomEvent(data);
      const { data } = await joinAsPublisher(main, join, userId, false);
      room.privateId = Number(data.private_id);
      session.onLost = () => room.lose();
      room.addPublishers(data.publishers);
      return room;
    } catch (error) {
      room.close();
      throw error;
    }
  }

  /** Receives the feeds `watch` wants from now on: subscribes to those newly wanted and drops the others. */
  setWatch(watch: WatchFilter): void {
    if (this.closed) return;
    const { subscribe, drop } = this.directory.rewatch(watch, this.subscriptions.keys());
    for (const feedId of drop) this.dropFeed(feedId, false);
    for (const p of subscribe) void this.subscribe(p.feedId, p.userId, p.screen);
    if (drop.length > 0) this.emit();
  }

  /** Every PeerConnection of the page (for the connection quality). */
  peers(): RTCPeerConnection[] {
    return [
      ...(this.publisher ? [this.publisher.peer] : []),
      ...(this.screen ? [this.screen.peer] : []),
      ...[...this.subscriptions.values()].map((s) => s.peer),
    ];
  }

  /** The camera and microphone PeerConnection while publishing. */
  get publishingPeer(): RTCPeerConnection | null {
    return this.publisher?.peer ?? null;
  }

  /**
   * Publishes the camera and microphone (tracks may be null: a device off sends nothing and turning it on later
   * replaces the track without a new offer), or only changes the tracks when already publishing.
   */
  publish(audio: MediaStreamTrack | null, video: MediaStreamTrack | null): Promise<void> {
    return this.serial(async () => {
      if (this.publisher) {
        await this.publisher.audio.replaceTrack(audio);
        await this.publisher.video.replaceTrack(video);
        return;
      }
      const main = this.main!;
      const peer = new RTCPeerConnection(this.rtcConfig());
      const stream = new MediaStream([audio, video].filter((track) => track !== null));
      const sender = (track: MediaStreamTrack | null, kind: 'audio' | 'video') =>
        peer.addTransceiver(track ?? kind, { direction: 'sendonly', streams: [stream] }).sender;
      this.publisher = { peer, audio: sender(audio, 'audio'), video: sender(video, 'video') };
      peer.onicecandidate = (event) => main.trickle(candidateOf(event));
      this.watch(peer);
      const offer = await peer.createOffer();
      await peer.setLocalDescription(offer);
      const { jsep } = await main.message({ request: 'configure' }, offer);
      if (!jsep) throw new JanusError(0, 'no answer to the offer');
      await peer.setRemoteDescription(jsep);
    });
  }

  /** Stops publishing the camera and microphone (the user stays in the room, watching). */
  unpublish(): Promise<void> {
    return this.serial(async () => {
      const publisher = this.publisher;
      if (!publisher) return;
      this.publisher = null;
      publisher.peer.close();
      await this.main?.message({ request: 'unpublish' }).catch(() => undefined);
    });
  }

  /** Publishes a screen (a second publisher, display `"<userId>:screen"`). */
  shareScreen(track: MediaStreamTrack): Promise<void> {
    return this.serial(async () => {
      if (this.screen) return;
      const handle = await this.session.attach(VIDEOROOM);
      const peer = new RTCPeerConnection(this.rtcConfig());
      this.screen = { handle, peer };
      try {
        await joinAsPublisher(handle, this.join, this.userId, true);
        peer.addTransceiver(track, { direction: 'sendonly', streams: [new MediaStream([track])] });
        peer.onicecandidate = (event) => handle.trickle(candidateOf(event));
        this.watch(peer);
        const offer = await peer.createOffer();
        await peer.setLocalDescription(offer);
        const { jsep } = await handle.message({ request: 'configure' }, offer);
        if (!jsep) throw new JanusError(0, 'no answer to the offer');
        await peer.setRemoteDescription(jsep);
      } catch (error) {
        this.dropScreen();
        throw error;
      }
    });
  }

  stopScreen(): Promise<void> {
    return this.serial(async () => this.dropScreen());
  }

  /** Leaves the room: every PeerConnection closes and the session ends. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const feedId of [...this.subscriptions.keys()]) this.dropFeed(feedId, false);
    this.publisher?.peer.close();
    this.publisher = null;
    this.screen?.peer.close();
    this.screen = null;
    this.session.close();
  }

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.closed) throw new JanusError(0, 'room closed');
      return step();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private dropScreen(): void {
    const screen = this.screen;
    if (!screen) return;
    this.screen = null;
    screen.peer.close();
    screen.handle.detach();
  }

  /** A PeerConnection whose ICE fails (the network changed) is a lost connection: the page connects again. */
  /**
   * Janus gives its own candidates in its SDP; the STUN/TURN servers of the credentials (the server's ICE_SERVERS)
   * let a browser behind a NAT or a firewall reach it too.
   */
  private rtcConfig(): RTCConfiguration {
    return { iceServers: this.join.ice_servers };
  }

  private watch(peer: RTCPeerConnection): void {
    peer.oniceconnectionstatechange = () => {
      if (peer.iceConnectionState === 'failed') this.lose();
    };
  }

  private lose(): void {
    if (this.closed) return;
    this.close();
    this.listener.closed('lost');
  }

  private onRoomEvent(data: PluginData): void {
    if (data.videoroom === 'destroyed') {
      this.close();
      this.listener.closed('destroyed');
      return;
    }
    if (data.videoroom !== 'event') return;
    if (data.leaving === 'ok' && data.reason === 'kicked') {
      this.close();
      this.listener.kicked();
      return;
    }
    this.addPublishers(data.publishers);
    for (const gone of [data.unpublished, data.leaving, data.kicked]) {
      if (typeof gone !== 'number') continue;
      this.directory.remove(gone);
      this.dropFeed(gone);
    }
  }

  private addPublishers(list: unknown): void {
    for (const p of this.directory.add(list)) void this.subscribe(p.feedId, p.userId, p.screen);
  }

  private async subscribe(feedId: number, userId: number, screen: boolean): Promise<void> {
    if (this.closed || this.subscriptions.has(feedId)) return;
    const peer = new RTCPeerConnection(this.rtcConfig());
    const sub: Subscription = { feedId, userId, screen, stream: new MediaStream(), peer, tracks: 0 };
    this.subscriptions.set(feedId, sub);
    const current = () => this.subscriptions.get(feedId) === sub;
    try {
      const handle = await this.session.attach(VIDEOROOM);
      sub.handle = handle;
      if (!current()) {
        handle.detach();
        return;
      }
      peer.ontrack = (event) => {
        if (!sub.stream.getTracks().includes(event.track)) sub.stream.addTrack(event.track);
        sub.tracks += 1;
        this.emit();
      };
      peer.onicecandidate = (event) => handle.trickle(candidateOf(event));
      this.watch(peer);
      // Janus offers again when the publisher's streams change (autoupdate): answer it the same way.
      handle.onEvent = (_data, jsep) => {
        if (jsep?.type === 'offer' && current()) void this.answer(sub, handle, jsep).catch(() => undefined);
      };
      const { jsep } = await handle.message({
        request: 'join',
        ptype: 'subscriber',
        room: this.join.room,
        streams: [{ feed: feedId }],
        private_id: this.privateId,
        token: this.join.room_token,
      });
      if (!current()) return;
      if (!jsep) throw new JanusError(0, 'no offer for the feed');
      await this.answer(sub, handle, jsep);
    } catch (error) {
      if (current()) this.dropFeed(feedId);
      if (!this.closed) console.warn('live room: subscribing to a feed failed', error);
    }
  }

  private async answer(sub: Subscription, handle: JanusHandle, offer: RTCSessionDescriptionInit): Promise<void> {
    await sub.peer.setRemoteDescription(offer);
    const answer = await sub.peer.createAnswer();
    await sub.peer.setLocalDescription(answer);
    await handle.message({ request: 'start' }, answer);
  }

  private dropFeed(feedId: number, emit = true): void {
    const sub = this.subscriptions.get(feedId);
    if (!sub) return;
    this.subscriptions.delete(feedId);
    sub.handle?.detach();
    sub.peer.close();
    if (emit) this.emit();
  }

  private emit(): void {
    if (this.closed) return;
    this.listener.feeds(
      [...this.subscriptions.values()]
        .filter((s) => s.tracks > 0)
        .map(({ feedId, userId, screen, stream, peer, tracks }) => ({ feedId, userId, screen, stream, peer, tracks })),
    );
  }
}
