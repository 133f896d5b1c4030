import { Client, type FileInfo, FTPError } from 'basic-ftp';

export type { Client };

/** How long one FTP command or data connection may stay silent before the transfer fails. */
export const FTP_TIMEOUT_MS = 30_000;

export interface FtpTarget {
  ftpHost: string;
  ftpPort: number;
  ftpUser: string;
  /** Decrypted. */
  password: string;
}

/** `host[:port]` (IPv6 in brackets) to host and port; port 21 when none is given. */
export function parseFtpAddress(address: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(address.trim());
  if (!match) return { host: address.trim(), port: 21 };
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: match[2] ? Number(match[2]) : 21 };
}

export function formatFtpAddress(host: string, port: number): string {
  if (!host) return '';
  const shown = host.includes(':') ? `[${host}]` : host;
  return port === 21 ? shown : `${shown}:${port}`;
}

/** Opens a logged-in client (plain FTP; anonymous when no user is stored). */
export async function connectFtp(target: FtpTarget): Promise<Client> {
  const client = new Client(FTP_TIMEOUT_MS);
  try {
    await client.access({
      host: target.ftpHost,
      port: target.ftpPort,
      user: target.ftpUser || 'anonymous',
      password: target.password || (target.ftpUser ? '' : 'anonymous@'),
    });
    return client;
  } catch (error) {
    client.close();
    throw error;
  }
}

/** What the transfer history shows for a failure: the FTP server's reply (`530 Login incorrect.`) or the OS error. */
export function ftpErrorMessage(error: unknown): string {
  if (error instanceof FTPError) return error.message.slice(0, 1000);
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    const text = error.message || String(code ?? 'error');
    return (code && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 1000);
  }
  return String(error).slice(0, 1000);
}

export interface RemoteFile {
  /** Path relative to the listed folder, `/`-separated. */
  relative: string;
  size: number;
}

/** Every file under the client's current folder, depth first, at most `maxFiles` (a guard against huge trees). */
export async function listFilesRecursively(client: Client, maxFiles = 100_000, maxDepth = 20): Promise<RemoteFile[]> {
  const found: RemoteFile[] = [];
  const walk = async (prefix: string, depth: number) => {
    const entries: FileInfo[] = await client.list(prefix === '' ? undefined : prefix);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === '.' || entry.name === '..') continue;
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory) {
        if (depth < maxDepth) await walk(relative, depth + 1);
      } else if (entry.isFile && found.length < maxFiles) {
        found.push({ relative, size: entry.size });
      }
    }
  };
  await walk('', 0);
  return found;
}

/** Changes into the packet's folder (`''`: stay in the login folder). */
export async function enterFolder(client: Client, folder: string, create: boolean): Promise<void> {
  if (folder === '' || folder === '.') return;
  if (create) await client.ensureDir(folder);
  else await client.cd(folder);
}
