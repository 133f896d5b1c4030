import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { EmailText } from './EmailText.tsx';

it('offers line breaks before the @ and the dots of an address only', () => {
  expect(renderToStaticMarkup(createElement(EmailText, { value: 'zhang.san@mail.example.com' }))).toBe(
    '<span>zhang<wbr/>.san<wbr/>@mail<wbr/>.example<wbr/>.com</span>',
  );
  expect(renderToStaticMarkup(createElement(EmailText, { value: null }))).toBe('—');
});
