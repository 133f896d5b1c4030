import { CheckCircleFilled } from '@ant-design/icons';
import type { TInteractQuestion } from '@app/contracts';
import { letter } from '../exam-taking/index.ts';

/**
 * A choice question's options as large tiles (easy to hit on a phone): one pick for single choice and true/false,
 * several for multiple choice. Once the key is known the right tiles are marked.
 */
export function ChoiceTiles({
  question,
  chosen,
  disabled,
  correct,
  onChange,
}: {
  question: TInteractQuestion;
  chosen: number[];
  disabled: boolean;
  correct: number[] | null;
  onChange: (chosen: number[]) => void;
}) {
  const multiple = question.type === 'multiple';
  const toggle = (key: number) => {
    if (!multiple) onChange([key]);
    else onChange(chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key].sort((a, b) => a - b));
  };
  return (
    <div className="interact-tiles">
      {question.options.map((option, position) => {
        const picked = chosen.includes(option.key);
        const right = correct?.includes(option.key) ?? false;
        return (
          <button
            type="button"
            key={option.key}
            aria-pressed={picked}
            disabled={disabled}
            className={`interact-tile interact-tile-${position % 4}${picked ? ' is-picked' : ''}${right ? ' is-right' : ''}`}
            onClick={() => toggle(option.key)}
            data-testid={`interact-option-${position}`}
          >
            <b className="interact-tile-letter">{letter(position)}</b>
            <span
              className="interact-tile-text"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: option HTML is sanitised by the server on every save
              dangerouslySetInnerHTML={{ __html: option.content }}
            />
            {right ? <CheckCircleFilled className="interact-tile-mark" /> : null}
          </button>
        );
      })}
    </div>
  );
}
