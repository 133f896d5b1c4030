import { readFileSync } from 'node:fs';
import { encodePcd, encodePng, type Rgb } from '../../platform/media-encoders.ts';

/**
 * Real sample media for the demo projects, made in code (PNG, WAV, PCD, text) or shipped (a 3-second WebM),
 * so that `npm start` needs no download.
 */

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
