/**
 * Point cloud files as the point cloud tool reads them (docs/annotation-tools.md, "Point clouds"): `.pcd` with `DATA ascii` or
 * `DATA binary` (fields x y z and optionally intensity, in any order, any size and count, binary little-endian;
 * `binary_compressed` is refused with `unsupported_compressed`) and KITTI `.bin` (float32 x, y, z, reflectance).
 * Pure functions on an ArrayBuffer: the loader runs them in a Web Worker and transfers the arrays back.
 * Points with a non-finite coordinate (organised clouds mark empty cells with NaN) are left out.
 */

export interface PointCloud {
  count: number;
  /** x, y, z of each point (metres, the sensor's frame, z up). */
  positions: Float32Array;
  /** Intensity / reflectance of each point, or null when the file has none. */
  intensity: Float32Array | null;
  min: [number, number, number];
  max: [number, number, number];
}

export type CloudErrorCode = 'unsupported_compressed' | 'bad_header' | 'missing_xyz' | 'truncated' | 'bad_kitti';

export class CloudParseError extends Error {
  constructor(
    readonly code: CloudErrorCode,
    detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'CloudParseError';
  }
}

const INTENSITY_FIELDS = ['intensity', 'i', 'reflectance', 'remission'];

/** Parses by the file name (`.bin` is KITTI) or, without a known extension, by the content. */
export function parseCloud(buffer: ArrayBuffer, name = ''): PointCloud {
  const lower = name.toLowerCase();
  if (lower.endsWith('.bin')) return parseKittiBin(buffer);
  if (lower.endsWith('.pcd') || looksLikePcd(buffer)) return parsePcd(buffer);
  return parseKittiBin(buffer);
}

function looksLikePcd(buffer: ArrayBuffer): boolean {
  const head = latin1(new Uint8Array(buffer, 0, Math.min(buffer.byteLength, 256)));
  return /^(#|VERSION|FIELDS)/m.test(head.trimStart()) && /FIELDS/.test(head);
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 4096) {
    text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 4096)));
  }
  return text;
}

/** Collects finite points into exact-size arrays and their bounds. */
class Builder {
  private n = 0;
  readonly positions: Float32Array;
  readonly intensity: Float32Array | null;
  private readonly min: [number, number, number] = [Infinity, Infinity, Infinity];
  private readonly max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  constructor(capacity: number, withIntensity: boolean) {
    this.positions = new Float32Array(capacity * 3);
    this.intensity = withIntensity ? new Float32Array(capacity) : null;
  }
  add(fx: number, fy: number, fz: number, i: number) {
    if (!(Number.isFinite(fx) && Number.isFinite(fy) && Number.isFinite(fz))) return;
    const x = Math.fround(fx);
    const y = Math.fround(fy);
    const z = Math.fround(fz);
    const p = this.n * 3;
    this.positions[p] = x;
    this.positions[p + 1] = y;
    this.positions[p + 2] = z;
    if (this.intensity) this.intensity[this.n] = Number.isFinite(i) ? i : 0;
    if (x < this.min[0]) this.min[0] = x;
    if (y < this.min[1]) this.min[1] = y;
    if (z < this.min[2]) this.min[2] = z;
    if (x > this.max[0]) this.max[0] = x;
    if (y > this.max[1]) this.max[1] = y;
    if (z > this.max[2]) this.max[2] = z;
    this.n += 1;
  }
  done(): PointCloud {
    const n = this.n;
    const positions = n * 3 === this.positions.length ? this.positions : this.positions.slice(0, n * 3);
    const intensity = this.intensity && (n === this.intensity.length ? this.intensity : this.intensity.slice(0, n));
    const empty = n === 0;
    return {
      count: n,
      positions,
      intensity,
      min: empty ? [0, 0, 0] : this.min,
      max: empty ? [0, 0, 0] : this.max,
    };
  }
}

/** KITTI velodyne scans: records of four little-endian float32 (x, y, z, reflectance). */
export function parseKittiBin(buffer: ArrayBuffer): PointCloud {
  if (buffer.byteLength % 16 !== 0) throw new CloudParseError('bad_kitti', `${buffer.byteLength} bytes`);
  const count = buffer.byteLength / 16;
  const view = new DataView(buffer);
  const out = new Builder(count, true);
  for (let i = 0, o = 0; i < count; i += 1, o += 16) {
    out.add(
      view.getFloat32(o, true),
      view.getFloat32(o + 4, true),
      view.getFloat32(o + 8, true),
      view.getFloat32(o + 12, true),
    );
  }
  return out.done();
}

interface Field {
  name: string;
  size: number;
  type: 'F' | 'I' | 'U';
  count: number;
  /** Offset of the field in a binary record, and index of its first value in an ASCII row. */
  offset: number;
  column: number;
}

interface Header {
  fields: Field[];
  points: number;
  data: 'ascii' | 'binary';
  /** Byte offset of the data after the DATA line. */
  dataStart: number;
  recordSize: number;
  columns: number;
}

function parseHeader(bytes: Uint8Array): Header {
  const values = new Map<string, string[]>();
  let pos = 0;
  let data = '';
  while (pos < bytes.length) {
    let end = bytes.indexOf(10, pos);
    if (end < 0) end = bytes.length;
    const line = latin1(bytes.subarray(pos, end)).trim();
    pos = end + 1;
    if (line === '' || line.startsWith('#')) continue;
    const [key = '', ...rest] = line.split(/\s+/);
    values.set(key.toUpperCase(), rest);
    if (key.toUpperCase() === 'DATA') {
      data = (rest[0] ?? '').toLowerCase();
      break;
    }
    if (pos > 65_536) break;
  }
  if (data === 'binary_compressed') throw new CloudParseError('unsupported_compressed');
  if (data !== 'ascii' && data !== 'binary') throw new CloudParseError('bad_header', `DATA ${data || 'missing'}`);
  const names = values.get('FIELDS') ?? [];
  if (names.length === 0) throw new CloudParseError('bad_header', 'FIELDS missing');
  const sizes = values.get('SIZE') ?? names.map(() => '4');
  const types = values.get('TYPE') ?? names.map(() => 'F');
  const counts = values.get('COUNT') ?? names.map(() => '1');
  if (sizes.length !== names.length || types.length !== names.length || counts.length !== names.length)
    throw new CloudParseError('bad_header', 'SIZE / TYPE / COUNT do not match FIELDS');
  let offset = 0;
  let column = 0;
  const fields = names.map((name, i): Field => {
    const size = Number(sizes[i]);
    const type = (types[i] ?? '').toUpperCase();
    const count = Number(counts[i]);
    const valid =
      (type === 'F' && (size === 4 || size === 8)) || ((type === 'I' || type === 'U') && [1, 2, 4, 8].includes(size));
    if (!valid || !(Number.isInteger(count) && count >= 1))
      throw new CloudParseError('bad_header', `field ${name}: ${type}${size} x${count}`);
    const field = { name: name.toLowerCase(), size, type: type as Field['type'], count, offset, column };
    offset += size * count;
    column += count;
    return field;
  });
  const width = Number(values.get('WIDTH')?.[0] ?? Number.NaN);
  const height = Number(values.get('HEIGHT')?.[0] ?? 1);
  const points = Number(values.get('POINTS')?.[0] ?? width * height);
  if (!(Number.isInteger(points) && points >= 0)) throw new CloudParseError('bad_header', 'POINTS');
  return { fields, points, data, dataStart: Math.min(pos, bytes.length), recordSize: offset, columns: column };
}

function reader(view: DataView, field: Field): (at: number) => number {
  const { size, type } = field;
  if (type === 'F') return size === 4 ? (at) => view.getFloat32(at, true) : (at) => view.getFloat64(at, true);
  if (type === 'U') {
    if (size === 1) return (at) => view.getUint8(at);
    if (size === 2) return (at) => view.getUint16(at, true);
    if (size === 4) return (at) => view.getUint32(at, true);
    return (at) => Number(view.getBigUint64(at, true));
  }
  if (size === 1) return (at) => view.getInt8(at);
  if (size === 2) return (at) => view.getInt16(at, true);
  if (size === 4) return (at) => view.getInt32(at, true);
  return (at) => Number(view.getBigInt64(at, true));
}

/** A `.pcd` file (ASCII or binary). */
export function parsePcd(buffer: ArrayBuffer): PointCloud {
  const bytes = new Uint8Array(buffer);
  const header = parseHeader(bytes);
  const find = (names: string[]) => header.fields.find((f) => names.includes(f.name));
  const fx = find(['x']);
  const fy = find(['y']);
  const fz = find(['z']);
  if (!fx || !fy || !fz) throw new CloudParseError('missing_xyz');
  const fi = find(INTENSITY_FIELDS) ?? null;
  const out = new Builder(header.points, fi !== null);
  if (header.data === 'binary') {
    const need = header.dataStart + header.points * header.recordSize;
    if (need > bytes.length) throw new CloudParseError('truncated', `${bytes.length} of ${need} bytes`);
    const view = new DataView(buffer);
    const [rx, ry, rz] = [reader(view, fx), reader(view, fy), reader(view, fz)];
    const ri = fi ? reader(view, fi) : null;
    for (let p = 0, at = header.dataStart; p < header.points; p += 1, at += header.recordSize) {
      out.add(rx(at + fx.offset), ry(at + fy.offset), rz(at + fz.offset), ri ? ri(at + (fi as Field).offset) : 0);
    }
    return out.done();
  }
  parseAsciiRows(bytes, header, [fx.column, fy.column, fz.column, fi ? fi.column : -1], out);
  return out.done();
}

/** Reads ASCII rows number by number without splitting the text into lines and words. */
function parseAsciiRows(bytes: Uint8Array, header: Header, columns: [number, number, number, number], out: Builder) {
  const [cx, cy, cz, ci] = columns;
  const row = new Float64Array(header.columns);
  let p = header.dataStart;
  let rows = 0;
  const n = bytes.length;
  while (rows < header.points && p < n) {
    let col = 0;
    // One line: numbers separated by spaces or tabs.
    while (p < n && bytes[p] !== 10) {
      const c = bytes[p] as number;
      if (c === 32 || c === 9 || c === 13) {
        p += 1;
        continue;
      }
      const start = p;
      while (p < n && bytes[p] !== 32 && bytes[p] !== 9 && bytes[p] !== 10 && bytes[p] !== 13) p += 1;
      if (col < row.length) row[col] = parseNumber(bytes, start, p);
      col += 1;
    }
    p += 1;
    if (col === 0) continue;
    if (col < header.columns) throw new CloudParseError('truncated', `row ${rows + 1} has ${col} values`);
    out.add(row[cx] as number, row[cy] as number, row[cz] as number, ci >= 0 ? (row[ci] as number) : 0);
    rows += 1;
  }
  if (rows < header.points) throw new CloudParseError('truncated', `${rows} of ${header.points} points`);
}

/** A decimal number (`-12.5`, `3e-2`, `nan`) from bytes; the fast path handles plain decimals. */
function parseNumber(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let sign = 1;
  if (bytes[i] === 45) {
    sign = -1;
    i += 1;
  } else if (bytes[i] === 43) i += 1;
  let value = 0;
  let digits = 0;
  while (i < end && (bytes[i] as number) >= 48 && (bytes[i] as number) <= 57) {
    value = value * 10 + ((bytes[i] as number) - 48);
    i += 1;
    digits += 1;
  }
  if (i < end && bytes[i] === 46) {
    i += 1;
    let scale = 0.1;
    while (i < end && (bytes[i] as number) >= 48 && (bytes[i] as number) <= 57) {
      value += ((bytes[i] as number) - 48) * scale;
      scale /= 10;
      i += 1;
      digits += 1;
    }
  }
  if (i === end && digits > 0) return sign * value;
  return Number(latin1(bytes.subarray(start, end)));
}

/**
 * Shuffles the points in place (positions and intensity together, a fixed seed): any prefix of the arrays is then
 * a uniform sample of the cloud, which the orbit view draws while it moves (a level of detail without a copy).
 */
export function shufflePoints(cloud: PointCloud): PointCloud {
  const { positions, intensity } = cloud;
  let state = 2_463_534_242;
  for (let i = cloud.count - 1; i > 0; i -= 1) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const j = (state >>> 0) % (i + 1);
    const a = i * 3;
    const b = j * 3;
    for (let k = 0; k < 3; k += 1) {
      const t = positions[a + k] as number;
      positions[a + k] = positions[b + k] as number;
      positions[b + k] = t;
    }
    if (intensity) {
      const t = intensity[i] as number;
      intensity[i] = intensity[j] as number;
      intensity[j] = t;
    }
  }
  return cloud;
}
