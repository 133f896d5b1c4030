import { textToHtml } from './text.ts';

/** The parsed XML of a Moodle question (fast-xml-parser: attributes `@_name`, text `#text`), and XML writing. */
export type Node = Record<string, unknown>;

export const asNode = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});

export const asText = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const node = asNode(value);
  return typeof node['#text'] === 'string' ? node['#text'] : '';
};

/** The `<answer>` elements of a question. */
export const answersOf = (q: Node): Node[] => (q.answer as Node[] | undefined) ?? [];

/** An answer's `fraction` attribute (100 = full credit). */
export const fractionOf = (answer: Node): number => Number(answer['@_fraction'] ?? 0);

/** A `<x format="..."><text>...</text></x>` element as HTML. */
export function formatted(element: unknown, fallbackFormat = 'html'): string {
  const node = asNode(element);
  const text = asText(node.text).trim();
  const format = String(node['@_format'] ?? fallbackFormat);
  if (format !== 'html') return textToHtml(text);
  return text.replace(/<img\s[^>]*src="@@PLUGINFILE@@[^"]*"[^>]*>/gi, '').trim();
}

export const cdata = (html: string) => `<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
