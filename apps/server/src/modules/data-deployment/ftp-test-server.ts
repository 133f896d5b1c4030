import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';

export interface TestFtpServer {
  /** `127.0.0.1:<port>` */
  address: string;
  /** The folder the FTP user sees as `/`. */
  root: string;
  close(): Promise<void>;
}

const silent = {
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
  child() {
    return silent;
  },
};

/** A real FTP server (ftp-srv) on loopback, a random port and a temporary root, accepting one user and password. */
export async function startTestFtpServer(user: string, password: string): Promise<TestFtpServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ftp-root-'));
  const server = new FtpSrv({ url: 'ftp://127.0.0.1:0', pasv_url: '127.0.0.1', anonymous: false, log: silent });
  server.on('login', (data, resolve, reject) => {
    if (data.username === user && data.password === password) resolve({ root });
    else reject(new Error('Login incorrect.'));
  });
  await server.listen();
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    root,
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
