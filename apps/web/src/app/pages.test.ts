import { PAGES_IN_CLIENT } from '@app/contracts';
import { expect, it } from 'vitest';
import { PAGES } from './pages.ts';
import { findRouteModule } from './shell/navigation.ts';

it('registers a page for exactly the routes the catalogue says exist, each a route of the catalogue', () => {
  expect(Object.keys(PAGES).sort()).toEqual([...PAGES_IN_CLIENT].sort());
  for (const name of Object.keys(PAGES)) expect(findRouteModule(name), name).toBeDefined();
});
