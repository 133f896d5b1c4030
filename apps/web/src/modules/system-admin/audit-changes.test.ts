import { describe, expect, it } from 'vitest';
import { auditChanges, auditValue } from './audit-changes.ts';

describe('auditChanges', () => {
  it('lists only the fields whose values differ, old → new', () => {
    const changes = auditChanges({
      before: { key: 'invite_hours', value: '48', tags: [1, 2] },
      after: { key: 'invite_hours', value: '72', tags: [1, 2, 3] },
    });
    expect(changes).toEqual([
      { field: 'value', kind: 'changed', before: '48', after: '72' },
      { field: 'tags', kind: 'changed', before: '[1,2]', after: '[1,2,3]' },
    ]);
  });

  it('shows the new values of a created record and the old values of a deleted one', () => {
    expect(auditChanges({ after: { name: 'A', note: '' } })).toEqual([
      { field: 'name', kind: 'added', after: 'A' },
      { field: 'note', kind: 'added', after: '—' },
    ]);
    expect(auditChanges({ before: { name: 'A' }, after: null })).toEqual([
      { field: 'name', kind: 'removed', before: 'A' },
    ]);
  });

  it('keeps other keys as notes, and has nothing to show without details', () => {
    expect(auditChanges({ reason: 'late', ids: [3, 4] })).toEqual([
      { field: 'reason', kind: 'note', after: 'late' },
      { field: 'ids', kind: 'note', after: '[3,4]' },
    ]);
    expect(auditChanges(null)).toEqual([]);
  });

  it('cuts long values', () => {
    expect(auditValue('x'.repeat(200))).toHaveLength(80);
  });
});
