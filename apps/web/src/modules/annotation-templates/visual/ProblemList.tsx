import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ShownProblem {
  text: string;
  /** The component the problem names, when there is one. */
  componentId?: string;
}

/** Every problem of the document; in the visual editor a problem naming a component selects it when clicked. */
export function ProblemList({ problems, onSelect }: { problems: ShownProblem[]; onSelect?: (id: string) => void }) {
  const { t } = useTranslation('annotation-templates');
  if (problems.length === 0) {
    return <Alert type="success" showIcon message={t('no_problems')} data-testid="template-valid" />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      message={t('problems_title', { count: problems.length })}
      description={
        <ul data-testid="template-problems">
          {problems.map((problem, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same text may name two components
            <li key={i}>
              {problem.componentId && onSelect ? (
                <button
                  type="button"
                  className="visual-problem-link"
                  onClick={() => onSelect(problem.componentId ?? '')}
                >
                  <code>{problem.componentId}</code> {problem.text}
                </button>
              ) : (
                problem.text
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** Whether a parsed JSON value can be shown in the visual editor: `{ components: [{ id, type, ... }] }`. */
export function isVisualDocument(value: unknown): value is { components: unknown[] } {
  const isComponentList = (list: unknown): boolean =>
    Array.isArray(list) &&
    list.every(
      (c) =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as { id?: unknown }).id === 'string' &&
        typeof (c as { type?: unknown }).type === 'string' &&
        ((c as { type: string }).type !== 'layout' || isComponentList((c as { children?: unknown }).children)),
    );
  return typeof value === 'object' && value !== null && isComponentList((value as { components?: unknown }).components);
}
