/**
 * Shows question HTML (stem, option, analysis) as a learner sees it. The server sanitises every fragment it stores
 * (sanitize-html with a small allow-list), so the markup is trusted here.
 */
export function HtmlContent({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return (
    <div
      className={`qb-html${className ? ` ${className}` : ''}`}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: question HTML is sanitised by the server on every save
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
