import './practice.css';

/**
 * Question HTML (stem, option, analysis) as the learner sees it. The server sanitises every fragment it stores,
 * so the markup is trusted here.
 */
export function PracticeHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="practice-html"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: question HTML is sanitised by the server on every save
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A stem's text for one table cell (tags dropped; React escapes the rest). */
export function htmlText(html: string, max = 120): string {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Option positions as letters (0 -> A). */
export const letters = (positions: readonly number[]) =>
  positions.map((position) => String.fromCharCode(65 + position)).join(', ');

/** A share as a percentage text. */
export const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '-');

export const sessionPath = (id: number) => `/course/interactExam?id=${id}`;
export const resultPath = (id: number) => `/trainingcamp/train-result?id=${id}`;
export const reportPath = (id: number) => `/trainingcamp/train-report?id=${id}`;
