import { describe, expect, it } from 'vitest';
import { packContext, packItem, runWriter, sameWhenSliced } from '../../../testing/pack-writer.ts';
import { audioManifestFormat } from './audio-manifest.ts';

const segment = (id: string, label: string, start: number, end: number, transcript?: string) => ({
  id,
  tool: 'segment',
  type: 'audio_segment',
  label,
  start,
  end,
  ...(transcript !== undefined ? { transcript } : {}),
});

const items = [
  packItem(
    'audio',
    'call-1.wav',
    [
      segment('a2', '客户', 3.5, 6.25, '我想查询订单。'),
      segment('a1', '客服', 1.25, 3.5, '您好，请问有什么可以帮您？'),
    ],
    { payload: { duration: 12.5 } },
  ),
  packItem('audio', 'call-2.mp3', [segment('b1', 'music', 0, 2)]),
  packItem('audio', 'silent.wav', []),
];

const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('audio manifest', () => {
  it('writes one line per file with its segments, and a NeMo manifest with one line per segment', () => {
    const files = runWriter(audioManifestFormat, packContext(['客服', '客户', 'music']), items);
    const manifest = jsonl(files.get('manifest.jsonl')!);
    expect(manifest).toEqual([
      {
        audio_filepath: 'media/call-1.wav',
        duration: 12.5,
        segments: [
          { start: 1.25, end: 3.5, label: '客服', transcript: '您好，请问有什么可以帮您？' },
          { start: 3.5, end: 6.25, label: '客户', transcript: '我想查询订单。' },
        ],
      },
      { audio_filepath: 'media/call-2.mp3', segments: [{ start: 0, end: 2, label: 'music', transcript: '' }] },
      { audio_filepath: 'media/silent.wav', segments: [] },
    ]);
    const nemo = jsonl(files.get('nemo_manifest.jsonl')!);
    expect(nemo).toHaveLength(3);
    expect(nemo[1]).toEqual({
      audio_filepath: 'media/call-1.wav',
      offset: 3.5,
      duration: 2.75,
      text: '我想查询订单。',
      label: '客户',
    });
  });

  it('names the files without media/ when the pack leaves the media out', () => {
    const files = runWriter(audioManifestFormat, packContext([], { includeMedia: false }), items.slice(0, 1));
    expect(jsonl(files.get('manifest.jsonl')!)[0].audio_filepath).toBe('call-1.wav');
  });

  it('gives the same bytes written in one slice or in several', () => {
    const { whole, sliced } = sameWhenSliced(audioManifestFormat, packContext([]), items);
    expect([...sliced.entries()]).toEqual([...whole.entries()]);
  });
});
