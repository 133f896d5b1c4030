import { describe, expect, it } from 'vitest';
import { cardLayout, cellContent, phonePaging, type ResponsiveColumn } from './phone-cards.ts';

interface Row {
  name: string;
  site: { name: string };
  score: number;
}
const row: Row = { name: 'Exam A', site: { name: 'Demo Academy' }, score: 80 };

describe('phone cards', () => {
  it('takes the first shown column as the title, the marked actions apart and the hidden ones out', () => {
    const columns: ResponsiveColumn<Row>[] = [
      { title: '#', phone: 'hidden' },
      { title: 'Name', dataIndex: 'name' },
      { title: 'Score', dataIndex: 'score' },
      { title: 'Actions', phone: 'actions' },
    ];
    const layout = cardLayout(columns);
    expect(layout.title?.title).toBe('Name');
    expect(layout.fields.map((c) => c.title)).toEqual(['Score']);
    expect(layout.actions.map((c) => c.title)).toEqual(['Actions']);
  });

  it('prefers the column marked as the title wherever it stands', () => {
    const layout = cardLayout<Row>([
      { title: 'Score', dataIndex: 'score' },
      { title: 'Name', phone: 'title' },
    ]);
    expect(layout.title?.title).toBe('Name');
    expect(layout.fields.map((c) => c.title)).toEqual(['Score']);
  });

  it("shows a cell as the table does: the render's answer, else the value at the data index (paths too)", () => {
    expect(cellContent<Row>({ dataIndex: 'score' }, row, 0)).toBe(80);
    expect(cellContent<Row>({ dataIndex: ['site', 'name'] }, row, 0)).toBe('Demo Academy');
    expect(cellContent<Row>({ dataIndex: 'score', render: (v: number, r, i) => `${r.name} ${v} #${i}` }, row, 3)).toBe(
      'Exam A 80 #3',
    );
    expect(cellContent<Row>({ render: () => 'only render' }, row, 0)).toBe('only render');
  });

  it("keeps the table's paging: none, the server's pages, or pages of the rows at hand", () => {
    expect(phonePaging(false)).toEqual({ kind: 'none' });
    const server = { current: 2, pageSize: 20, total: 45 };
    expect(phonePaging(server)).toEqual({ kind: 'server', config: server });
    expect(phonePaging(undefined)).toEqual({ kind: 'local', pageSize: 10 });
    expect(phonePaging({ defaultPageSize: 50 })).toEqual({ kind: 'local', pageSize: 50 });
  });
});
