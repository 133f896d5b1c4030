import type { PackFormat } from '@app/db/schema/index.ts';
import { audioManifestFormat } from './audio-manifest.ts';
import { cocoFormat } from './coco.ts';
import { conllFormat } from './conll.ts';
import { csvFormat } from './csv.ts';
import { jsonFormat } from './json.ts';
import { jsonlFormat } from './jsonl.ts';
import { kittiFormat } from './kitti.ts';
import { motFormat } from './mot.ts';
import type { PackFormatDef } from './pack-format.ts';
import { spansJsonlFormat } from './spans-jsonl.ts';
import { vocFormat } from './voc.ts';
import { yoloFormat } from './yolo.ts';

/** Every pack format, in the order the export tab offers them. Each writer adds its entry here (one import, one line). */
export const PACK_FORMATS: PackFormatDef[] = [
  jsonFormat,
  jsonlFormat,
  csvFormat,
  cocoFormat,
  yoloFormat,
  vocFormat,
  conllFormat,
  spansJsonlFormat,
  audioManifestFormat,
  motFormat,
  kittiFormat,
];

export function packFormat(id: PackFormat): PackFormatDef | undefined {
  return PACK_FORMATS.find((f) => f.id === id);
}
