import { describe, expect, it } from 'vitest';
import { parsePresence } from './realtime-bus.ts';

describe('parsePresence', () => {
  it('reads users with their sockets and since when, and the bare ids older instances write', () => {
    expect(parsePresence({ sockets: 3, users: [{ id: 7, sockets: 2, since: 1_700_000_000_000 }, 9] })).toEqual({
      sockets: 3,
      users: [
        { id: 7, sockets: 2, since: 1_700_000_000_000 },
        { id: 9, sockets: 1, since: null },
      ],
    });
  });

  it('drops malformed entries and refuses a malformed presence', () => {
    expect(parsePresence({ sockets: 1, users: [{ id: 'x' }, null, 1.5, { id: 4, since: 'soon' }] })).toEqual({
      sockets: 1,
      users: [{ id: 4, sockets: 1, since: null }],
    });
    expect(parsePresence({ users: [] })).toBeNull();
    expect(parsePresence(null)).toBeNull();
  });
});
