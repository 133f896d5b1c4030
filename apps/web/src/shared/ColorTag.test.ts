import { expect, it } from 'vitest';
import { textColorOn } from './ColorTag.tsx';

it('puts black text on light and mid colours and white text on dark ones', () => {
  expect(textColorOn('#ffffff')).toBe('#000');
  expect(textColorOn('#1677ff')).toBe('#000');
  expect(textColorOn('#f5222d')).toBe('#000');
  expect(textColorOn('#fadb14')).toBe('#000');
  expect(textColorOn('#000')).toBe('#fff');
  expect(textColorOn('#10239e')).toBe('#fff');
});
