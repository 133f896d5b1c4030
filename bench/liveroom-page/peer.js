// A bench peer of a live room: Janus's WebSocket API as the room page speaks it (VideoRoom, signed core token, room
// token, private_id for subscribers). `window.peer(credentials, userId, mode, feed)` publishes a fake camera
// (mode 'publish', feed id userId × 1000 + 1) or subscribes to `feed`; `window.framesDecoded()` reads getStats().
window.peer = async (credentials, userId, mode, feed) => {
  const ws = new WebSocket(credentials.url, 'janus-protocol');
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const waiting = new Map();
  ws.onmessage = (message) => {
    const reply = JSON.parse(message.data);
    if (reply.transaction && reply.janus !== 'ack' && waiting.has(reply.transaction)) {
      waiting.get(reply.transaction)(reply);
      waiting.delete(reply.transaction);
    }
  };
  let count = 0;
  let session;
  const send = (message) =>
    new Promise((resolve) => {
      const transaction = `t${count++}`;
      waiting.set(transaction, resolve);
      ws.send(JSON.stringify({ ...message, transaction, token: credentials.token, session_id: session }));
    });
  session = (await send({ janus: 'create' })).data.id;
  setInterval(() => send({ janus: 'keepalive' }), 20_000);
  const attach = async () => (await send({ janus: 'attach', plugin: 'janus.plugin.videoroom' })).data.id;
  const publisher = await attach();
  const join = {
    request: 'join',
    ptype: 'publisher',
    room: credentials.room,
    id: userId * 1000 + (mode === 'publish' ? 1 : 2),
    display: String(userId),
    token: credentials.room_token,
  };
  const joined = (await send({ janus: 'message', handle_id: publisher, body: join })).plugindata.data;
  const pc = new RTCPeerConnection();
  window.pc = pc;
  const trickle = (handle) => (event) =>
    send({
      janus: 'trickle',
      handle_id: handle,
      candidate: event.candidate ? event.candidate.toJSON() : { completed: true },
    });
  if (mode === 'publish') {
    pc.onicecandidate = trickle(publisher);
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 640, height: 360 } });
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    await pc.setLocalDescription(await pc.createOffer());
    const body = { request: 'publish', audio: true, video: true };
    const reply = await send({ janus: 'message', handle_id: publisher, body, jsep: pc.localDescription.toJSON() });
    await pc.setRemoteDescription(reply.jsep);
    return joined.id;
  }
  const subscriber = await attach();
  pc.onicecandidate = trickle(subscriber);
  const body = {
    request: 'join',
    ptype: 'subscriber',
    room: credentials.room,
    streams: [{ feed }],
    private_id: joined.private_id,
  };
  const reply = await send({ janus: 'message', handle_id: subscriber, body });
  await pc.setRemoteDescription(reply.jsep);
  await pc.setLocalDescription(await pc.createAnswer());
  await send({
    janus: 'message',
    handle_id: subscriber,
    body: { request: 'start' },
    jsep: pc.localDescription.toJSON(),
  });
  return feed;
};

window.framesDecoded = async () => {
  let frames = 0;
  (await window.pc.getStats()).forEach((stat) => {
    if (stat.type === 'inbound-rtp' && stat.kind === 'video') frames = stat.framesDecoded ?? 0;
  });
  return frames;
};
