import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every pino line carries that a reader at a terminal does not need. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'v']);

/**
 * One pino JSON line as a line a person reads: `12:34:56 WARN  message key=value`, with an error's stack below it.
 * LOG_FORMAT=text (the default) writes these; LOG_FORMAT=json keeps pino's lines for log collectors.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const time = new Date(Number(entry.time) || Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const head = [time, level, String(entry.msg ?? ''), ...fields].filter(Boolean).join(' ');
  return err ? `${head}\n${err.stack ?? err.message ?? JSON.stringify(err)}\n` : `${head}\n`;
}

/** A pino destination writing readable lines to `out`. */
export function textLogDestination(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += chunk.toString();
      let end = pending.indexOf('\n');
      while (end >= 0) {
        out.write(formatLogLine(pending.slice(0, end)));
        pending = pending.slice(end + 1);
        end = pending.indexOf('\n');
      }
      done();
    },
  });
}
