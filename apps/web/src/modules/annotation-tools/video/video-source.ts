import { DATA_FILE_URL } from '@app/contracts/data-files.ts';

/**
 * Extensions of containers browsers do not play (docs/annotation-tools.md, "Video"): such a file is converted by the server
 * before the first try. Others (mp4, webm, ogv) are tried in the browser first; a codec it cannot decode (HEVC,
 * MPEG-4 part 2 in an .mp4...) fires the video element's `error`, and the server's copy is asked for then.
 */
export const UNPLAYABLE_VIDEO_EXTENSIONS: ReadonlySet<string> = new Set([
  'avi',
  'mkv',
  'mov',
  'wmv',
  'asf',
  'flv',
  'mpg',
  'mpeg',
  'ts',
  'mts',
  'm2ts',
  '3gp',
  'vob',
  'rm',
  'rmvb',
]);

const ITEM_FILE_PREFIX = DATA_FILE_URL.item(0).replace(/0$/, '');

/** The item's file is in the platform's store (not an outside address): the server can convert it. */
export const isStoredItemUrl = (url: string | null): url is string => !!url && url.startsWith(ITEM_FILE_PREFIX);

const extensionOf = (name: string) => {
  const base = name.slice(name.lastIndexOf('/') + 1).split('?')[0] ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
};

/**
 * Where the video tool plays an item from: `original` (the file as it is), `server` (ask `/data/video-frames`;
 * `force` when the browser already failed on the file), or `none` when the browser failed and nothing else can be
 * done (an outside address, or the server's copy failed too).
 */
export function videoSourceChoice(
  item: { name: string; url: string | null },
  browserFailed: boolean,
): { source: 'original' } | { source: 'server'; force: boolean } | { source: 'none' } {
  if (!isStoredItemUrl(item.url)) return browserFailed || !item.url ? { source: 'none' } : { source: 'original' };
  if (browserFailed) return { source: 'server', force: true };
  if (UNPLAYABLE_VIDEO_EXTENSIONS.has(extensionOf(item.name))) return { source: 'server', force: false };
  return { source: 'original' };
}
