// A minimal SMTP server for the browser tests: the servers send their mail to it (SMTP_URL), and it writes each
// message's recipients and decoded text to <dir>/<n>.json, where the specs read mailed codes (support.ts).
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The text of a single-part message, decoded from its transfer encoding. */
function messageText(raw) {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .split(/(=[0-9A-F]{2})/i)
      .flatMap((part) =>
        /^=[0-9A-F]{2}$/i.test(part) ? [Number.parseInt(part.slice(1), 16)] : [...Buffer.from(part)],
      );
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Starts the sink on a free loopback port; answers { port, close }. */
export function startMailSink(dir) {
  let saved = 0;
  const server = createServer((socket) => {
    let buffer = '';
    let recipients = [];
    let inData = false;
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 e2e-mail-sink');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          saved += 1;
          writeFileSync(path.join(dir, `${saved}.json`), JSON.stringify({ to: recipients, text: messageText(raw) }));
          recipients = [];
          reply('250 queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') recipients.push(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '');
        if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else {
          reply(verb === 'EHLO' || verb === 'HELO' ? '250 e2e-mail-sink' : '250 ok');
        }
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, close: () => server.close() }));
  });
}
