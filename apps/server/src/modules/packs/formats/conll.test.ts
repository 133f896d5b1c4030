import { describe, expect, it } from 'vitest';
import { packContext, packItem, runWriter, sameWhenSliced } from '../../../testing/pack-writer.ts';
import { conllFormat } from './conll.ts';
import { spansJsonlFormat } from './spans-jsonl.ts';

const TEXT = '张三在北京大学工作。\nJohn Smith works at Acme Corp.';
const entity = (id: string, label: string, start: number, end: number) => ({
  id,
  tool: 'ner',
  type: 'text_entity',
  label,
  start,
  end,
  text: TEXT.slice(start, end),
});

const items = [
  packItem(
    'text',
    'doc1.txt',
    [
      entity('e4', 'ORG', 31, 40),
      entity('e1', 'PER', 0, 2),
      entity('e2', 'ORG', 3, 7),
      entity('e3', 'LOC', 3, 5),
      entity('e5', 'PER', 11, 21),
    ],
    {
      payload: { text: TEXT },
      relations: [
        { from: 'e1', to: 'e2', label: 'works_for' },
        { from: 'e1', to: 'gone', label: 'x' },
      ],
    },
  ),
  packItem('text', 'doc2.txt', [{ ...entity('w', 'X', 6, 9), text: 'wor' }], { payload: 'Hello world' }),
  packItem('text', 'file-only.txt', []),
];

/** CoNLL read back: documents → sentences → [token, tag]. */
function readConll(text: string): Array<Array<Array<[string, string]>>> {
  const docs: Array<Array<Array<[string, string]>>> = [];
  let sentence: Array<[string, string]> = [];
  const close = () => {
    if (sentence.length) docs.at(-1)!.push(sentence);
    sentence = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('-DOCSTART-')) {
      close();
      docs.push([]);
    } else if (line === '') close();
    else {
      const cols = line.split(' ');
      expect(cols).toHaveLength(4);
      sentence.push([cols[0]!, cols[3]!]);
    }
  }
  close();
  return docs;
}

describe('CoNLL 2003', () => {
  it('writes BIO tags per token: one token per Chinese character, words cut at entity boundaries', () => {
    const files = runWriter(conllFormat, packContext(['PER', 'ORG', 'LOC', 'X']), items);
    const docs = readConll(files.get('annotations.conll')!);
    expect(docs).toEqual([
      [
        [
          ['张', 'B-PER'],
          ['三', 'I-PER'],
          ['在', 'O'],
          ['北', 'B-ORG'],
          ['京', 'I-ORG'],
          ['大', 'I-ORG'],
          ['学', 'I-ORG'],
          ['工', 'O'],
          ['作', 'O'],
          ['。', 'O'],
        ],
        [
          ['John', 'B-PER'],
          ['Smith', 'I-PER'],
          ['works', 'O'],
          ['at', 'O'],
          ['Acme', 'B-ORG'],
          ['Corp', 'I-ORG'],
          ['.', 'O'],
        ],
      ],
      [
        [
          ['Hello', 'O'],
          ['wor', 'B-X'],
          ['ld', 'O'],
        ],
      ],
    ]);
    expect(files.get('skipped.txt')).toContain('file-only.txt\tno text in the item');
  });

  it('gives the same bytes written in one slice or in several', () => {
    const { whole, sliced } = sameWhenSliced(conllFormat, packContext([]), items);
    expect([...sliced.entries()]).toEqual([...whole.entries()]);
  });
});

describe('spans JSONL', () => {
  it('keeps every entity, nested ones too, sorted by start, and the relations between them', () => {
    const files = runWriter(spansJsonlFormat, packContext([]), items);
    const lines = files
      .get('spans.jsonl')!
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0].text).toBe(TEXT);
    expect(lines[0].entities.map((e: { id: string }) => e.id)).toEqual(['e1', 'e2', 'e3', 'e5', 'e4']);
    for (const e of lines[0].entities)
      expect(TEXT.slice(e.start, e.end)).toBe(items[0]!.result!.shapes.find((s) => s.id === e.id)!.text);
    expect(lines[0].entities[2]).toEqual({ id: 'e3', start: 3, end: 5, label: 'LOC' });
    expect(lines[0].relations).toEqual([{ from: 'e1', to: 'e2', label: 'works_for' }]);
    expect(lines[1]).toEqual({
      name: 'doc2.txt',
      text: 'Hello world',
      entities: [{ id: 'w', start: 6, end: 9, label: 'X' }],
      relations: [],
    });
  });

  it('gives the same bytes written in one slice or in several', () => {
    const { whole, sliced } = sameWhenSliced(spansJsonlFormat, packContext([]), items);
    expect([...sliced.entries()]).toEqual([...whole.entries()]);
  });
});
