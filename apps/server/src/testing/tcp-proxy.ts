import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy on a local port in front of a server, which a test can cut (an outage) and restore. */
export interface TcpProxy {
  readonly port: number;
  /** `url` (postgres://, redis://) with its host and port replaced by the proxy's. */
  through(url: string): string;
  /** Ends every open connection and refuses new ones, as a stopped server does. */
  cut(): Promise<void>;
  /** Accepts connections on the same port again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Starts a proxy on a free port of 127.0.0.1 that forwards every connection to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      // Either side failing ends the pair; the other side sees its connection end, as with a real outage.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await listen(server, 0);
  const { port } = server.address() as { port: number };
  let listening = true;
  const cut = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of open) socket.destroy();
    await closed;
  };
  return {
    port,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut,
    async restore() {
      if (listening) return;
      await listen(server, port);
      listening = true;
    },
    close: cut,
  };
}
