import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Real sample media for the demo projects, made in code (PNG, WAV, PCD, text) or shipped (a 3-second WebM),
 * so that `npm start` needs no download.
 */

type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG whose pixel colours come from `paint`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (width * 3 + 1);
    rows[rowStart] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      rows.set([r, g, b], rowStart + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const CAR_COLORS: readonly Rgb[] = [
  [200, 40, 40],
  [40, 90, 200],
  [230, 190, 30],
];

/** A street-like scene: sky, road, and coloured boxes (cars) that differ by `seed`, for box and polygon work. */
export function sceneImage(seed: number, width = 480, height = 320): Buffer {
  const cars = [0, 1, 2].map((i) => ({
    x: 40 + ((seed * 97 + i * 131) % (width - 140)),
    y: 180 + ((seed * 31 + i * 17) % 60),
    w: 70 + ((seed + i) % 3) * 15,
    h: 40,
    color: CAR_COLORS[(seed + i) % 3]!,
  }));
  return encodePng(width, height, (x, y) => {
    for (const car of cars) {
      if (x >= car.x && x < car.x + car.w && y >= car.y && y < car.y + car.h) return car.color;
    }
    if (y < 150) return [135 - Math.floor(y / 4), 190 - Math.floor(y / 5), 235];
    const lane = y > 240 && y < 246 && Math.floor(x / 30) % 2 === 0;
    return lane ? [240, 240, 240] : [90, 90, 95];
  });
}

/** A simple face (head, eyes, nose, mouth corners) for key-point work. */
export function faceImage(seed: number, size = 320): Buffer {
  const cx = size / 2 + ((seed * 13) % 40) - 20;
  const cy = size / 2;
  const inCircle = (x: number, y: number, ox: number, oy: number, r: number) => (x - ox) ** 2 + (y - oy) ** 2 <= r * r;
  return encodePng(size, size, (x, y) => {
    if (inCircle(x, y, cx - 40, cy - 30, 12) || inCircle(x, y, cx + 40, cy - 30, 12)) return [30, 30, 30];
    if (inCircle(x, y, cx, cy + 5, 8)) return [200, 120, 100];
    if (y > cy + 45 && y < cy + 52 && Math.abs(x - cx) < 45) return [160, 40, 50];
    if (inCircle(x, y, cx, cy, 110)) return [250, 215, 180];
    return [225, 235, 245];
  });
}

/** A 16-bit mono PCM WAV of tones (one per segment), each followed by `gapSeconds` of silence. */
export function toneWav(
  segments: readonly { hz: number; seconds: number }[],
  { sampleRate = 16_000, gapSeconds = 0.3 } = {},
): Buffer {
  const gap = Math.floor(sampleRate * gapSeconds);
  const total = segments.reduce((sum, s) => sum + Math.floor(s.seconds * sampleRate) + gap, 0);
  const wav = Buffer.alloc(44 + total * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + total * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(total * 2, 40);
  let offset = 44;
  for (const segment of segments) {
    const count = Math.floor(segment.seconds * sampleRate);
    for (let i = 0; i < count; i++) {
      const fade = Math.min(1, i / 400, (count - i) / 400);
      wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * segment.hz * i) / sampleRate) * 9000 * fade), offset);
      offset += 2;
    }
    offset += gap * 2;
  }
  return wav;
}

/** An ASCII PCD file of the given points. */
export function encodePcd(points: readonly (readonly [number, number, number])[]): Buffer {
  const header = [
    '# .PCD v0.7 - Point Cloud Data file format',
    'VERSION 0.7',
    'FIELDS x y z',
    'SIZE 4 4 4',
    'TYPE F F F',
    'COUNT 1 1 1',
    `WIDTH ${points.length}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${points.length}`,
    'DATA ascii',
  ];
  const lines = points.map(([x, y, z]) => `${x.toFixed(3)} ${y.toFixed(3)} ${z.toFixed(3)}`);
  return Buffer.from(`${[...header, ...lines].join('\n')}\n`, 'utf8');
}

/** A lidar-like cloud: a ground plane and two box-shaped objects (cars), `count` points. */
export function pointCloudPcd(seed: number, count = 6000): Buffer {
  let state = seed * 7919 + 1;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const objects = [
    { x: 6 + (seed % 3), y: -2, w: 4.2, l: 1.8, h: 1.5 },
    { x: 12, y: 3 - (seed % 2), w: 4.5, l: 1.9, h: 1.6 },
  ];
  const points: [number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    const o = objects[i % 2]!;
    points.push(
      i % 3 === 0
        ? [o.x + random() * o.w, o.y + random() * o.l, random() * o.h]
        : [random() * 30 - 5, random() * 20 - 10, random() * 0.05],
    );
  }
  return encodePcd(points);
}

/** The shipped demo video: 3 seconds of a test pattern, 320x240, 10 frames per second, VP8 WebM (30 KB). */
export function sampleVideo(): Buffer {
  return readFileSync(new URL('./media/sample-video.webm', import.meta.url));
}

export const SAMPLE_TEXTS = {
  zh: [
    '张伟于2024年3月在北京加入了星河数据公司，负责自然语言处理团队。',
    '李娜昨天从上海飞往深圳，参加腾讯举办的人工智能大会。',
    '这家餐厅的服务非常好，菜品也很新鲜，下次还会再来。',
    '快递送得太慢了，包装还破了，非常失望。',
    '华为在杭州发布了新一代手机，售价4999元。',
    '王芳计划下个月去成都看望父母。',
  ],
} as const;
