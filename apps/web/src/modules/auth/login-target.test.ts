import { describe, expect, it } from 'vitest';
import { loginTarget, WEBSITE_TARGET } from './login-target.ts';

describe('loginTarget', () => {
  it('sends people from the website form to /myinfo/teacher', () => {
    expect(loginTarget('?from=website')).toBe(WEBSITE_TARGET);
    expect(loginTarget('?source=website&from=%2Fcourse')).toBe(WEBSITE_TARGET);
  });

  it('goes back to the saved full path, else to /', () => {
    expect(loginTarget(`?from=${encodeURIComponent('/exam?id=3#top')}`)).toBe('/exam?id=3#top');
    expect(loginTarget('')).toBe('/');
  });

  it('never leaves the site nor loops back to the login page', () => {
    for (const from of [
      '//evil.example.com',
      '/\\evil.example.com',
      'https://evil.example.com',
      '/login?from=/x',
      '/quicklogin/abc',
    ]) {
      expect(loginTarget(`?from=${encodeURIComponent(from)}`), from).toBe('/');
    }
  });
});
