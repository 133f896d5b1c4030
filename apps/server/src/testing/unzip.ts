import yauzl from 'yauzl';
import yazl from 'yazl';

// Imports nothing of the server: the browser tests (e2e) use it too.

/** The entries of a zip: name -> content. */
export function unzipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** A zip archive made in memory (entries deflated, as archivers do; `mode` sets the Unix file mode). */
export async function zipOf(entries: { name: string; content: Buffer; mode?: number }[], directories: string[] = []) {
  const zip = new yazl.ZipFile();
  for (const directory of directories) zip.addEmptyDirectory(directory);
  for (const entry of entries) zip.addBuffer(entry.content, entry.name, entry.mode ? { mode: entry.mode } : {});
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
