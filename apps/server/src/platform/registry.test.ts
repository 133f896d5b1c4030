import { procedure } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkCoverage, implement } from './procedures.ts';

const a = procedure({ path: '/t/a', summary: 'a', input: z.object({}), output: z.object({}) });
const b = procedure({ path: '/t/b', summary: 'b', input: z.object({}), output: z.object({}) });

describe('procedure registry', () => {
  it('refuses a contract without a handler and a handler without a contract', () => {
    expect(() => checkCoverage([a, b], [implement(a, async () => ({}))])).toThrow('/t/b: contract without a handler');
    expect(() => checkCoverage([a], [implement(a, async () => ({})), implement(b, async () => ({}))])).toThrow(
      '/t/b: handler without a contract',
    );
    expect(() => checkCoverage([a, b], [implement(a, async () => ({})), implement(b, async () => ({}))])).not.toThrow();
  });

  it('defaults the access to a permission named by the path', () => {
    expect(a.access).toEqual({ kind: 'permission', key: '/t/a' });
  });
});
