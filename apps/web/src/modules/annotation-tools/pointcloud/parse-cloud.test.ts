import { describe, expect, it } from 'vitest';
import { CloudParseError, parseCloud, parseKittiBin, parsePcd, shufflePoints } from './parse-cloud.ts';

const enc = (text: string) => new TextEncoder().encode(text);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out.buffer;
};
const header = (lines: string[], points: number, data: string) =>
  `# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\n${lines.join('\n')}\nWIDTH ${points}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS ${points}\nDATA ${data}\n`;

const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof CloudParseError ? error.code : String(error);
  }
  return 'no error';
};

describe('parsePcd', () => {
  it('reads an ASCII file with x y z', () => {
    const text = header(['FIELDS x y z', 'SIZE 4 4 4', 'TYPE F F F', 'COUNT 1 1 1'], 3, 'ascii');
    const cloud = parsePcd(join(enc(`${text}1 2 3\n-4.5 0.25 1e-1\n7\t8 9\r\n`)));
    expect(cloud.count).toBe(3);
    expect([...cloud.positions]).toEqual([1, 2, 3, -4.5, 0.25, Math.fround(0.1), 7, 8, 9]);
    expect(cloud.intensity).toBeNull();
    expect(cloud.min).toEqual([-4.5, 0.25, Math.fround(0.1)]);
    expect(cloud.max).toEqual([7, 8, 9]);
  });

  it('reads ASCII fields in any order with intensity, skips NaN points and extra fields', () => {
    const text = header(
      ['FIELDS intensity z rgb y x', 'SIZE 4 4 4 4 4', 'TYPE F F U F F', 'COUNT 1 1 1 1 1'],
      3,
      'ascii',
    );
    const cloud = parsePcd(join(enc(`${text}10 3 0 2 1\n20 nan 0 5 4\n30 9 0 8 7\n`)));
    expect(cloud.count).toBe(2);
    expect([...cloud.positions]).toEqual([1, 2, 3, 7, 8, 9]);
    expect([...(cloud.intensity ?? [])]).toEqual([10, 30]);
  });

  it('reads a little-endian binary file with mixed sizes, types and counts', () => {
    const text = header(
      ['FIELDS normal x y z intensity ring', 'SIZE 4 8 4 4 1 2', 'TYPE F F F F U U', 'COUNT 3 1 1 1 1 1'],
      2,
      'binary',
    );
    const record = 12 + 8 + 4 + 4 + 1 + 2;
    const data = new DataView(new ArrayBuffer(record * 2));
    const points = [
      [1.5, -2, 0.5, 200],
      [100.25, 3, -1, 7],
    ];
    points.forEach(([x, y, z, i], p) => {
      const at = p * record;
      data.setFloat32(at, 9, true);
      data.setFloat64(at + 12, x as number, true);
      data.setFloat32(at + 20, y as number, true);
      data.setFloat32(at + 24, z as number, true);
      data.setUint8(at + 28, i as number);
      data.setUint16(at + 29, 65535, true);
    });
    const cloud = parsePcd(join(enc(text), new Uint8Array(data.buffer)));
    expect(cloud.count).toBe(2);
    expect([...cloud.positions]).toEqual([1.5, -2, 0.5, 100.25, 3, -1]);
    expect([...(cloud.intensity ?? [])]).toEqual([200, 7]);
  });

  it('refuses binary_compressed, a missing coordinate and truncated data clearly', () => {
    expect(code(() => parsePcd(join(enc(header(['FIELDS x y z'], 1, 'binary_compressed')))))).toBe(
      'unsupported_compressed',
    );
    expect(code(() => parsePcd(join(enc(`${header(['FIELDS x y'], 1, 'ascii')}1 2\n`))))).toBe('missing_xyz');
    expect(code(() => parsePcd(join(enc(header(['FIELDS x y z'], 2, 'binary')), new Uint8Array(12))))).toBe(
      'truncated',
    );
    expect(code(() => parsePcd(join(enc(`${header(['FIELDS x y z'], 2, 'ascii')}1 2 3\n`))))).toBe('truncated');
    expect(code(() => parsePcd(join(enc('hello\n'))))).toBe('bad_header');
  });
});

describe('parseKittiBin', () => {
  it('reads float32 x, y, z, reflectance records', () => {
    const values = new Float32Array([1, 2, 3, 0.5, -1, -2, -3, 0.25]);
    const cloud = parseCloud(values.buffer, '000001.bin');
    expect(cloud.count).toBe(2);
    expect([...cloud.positions]).toEqual([1, 2, 3, -1, -2, -3]);
    expect([...(cloud.intensity ?? [])]).toEqual([0.5, 0.25]);
    expect(code(() => parseKittiBin(new ArrayBuffer(20)))).toBe('bad_kitti');
  });

  it('tells a PCD from its content when the name says nothing', () => {
    const text = header(['FIELDS x y z'], 1, 'ascii');
    expect(parseCloud(join(enc(`${text}4 5 6\n`)), 'cloud').positions).toEqual(new Float32Array([4, 5, 6]));
  });
});

describe('shufflePoints', () => {
  it('keeps every point with its intensity', () => {
    const n = 1000;
    const values = new Float32Array(n * 4);
    for (let i = 0; i < n; i += 1) values.set([i, i * 2, i * 3, i * 4], i * 4);
    const cloud = shufflePoints(parseKittiBin(values.buffer));
    const seen = new Set<number>();
    for (let i = 0; i < n; i += 1) {
      const x = cloud.positions[i * 3] as number;
      expect(cloud.positions[i * 3 + 2]).toBe(x * 3);
      expect(cloud.intensity?.[i]).toBe(x * 4);
      seen.add(x);
    }
    expect(seen.size).toBe(n);
    expect(cloud.positions[0]).not.toBe(0);
  });
});
