import { ArrowDownOutlined, ArrowUpOutlined, CheckOutlined } from '@ant-design/icons';
import type { TAnswerResponse, TExamPaperQuestion, TPaperLayout } from '@app/contracts';
import { ANSWER_LIMITS, parseAnswerNumber, responseGiven } from '@app/contracts/question-answers.ts';
import { Button, Input, Select, Space, Typography } from 'antd';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamAnswerFiles } from './ExamAnswerFiles.tsx';
import { ExamHtml, letter } from './exam-shared.tsx';
import { blankTexts, countWords, htmlText, matchingOrder, moveItem, orderingOrder } from './responses.ts';

/**
 * How an input gives its answer: `typing` for text (sent once the typing pauses, see AnswerQueue), else at once.
 * `onCommit` is called when a text input loses focus (whatever is waiting is sent then).
 */
export interface ResponseInputProps {
  question: TExamPaperQuestion;
  response: TAnswerResponse | null;
  disabled: boolean;
  onRespond: (response: TAnswerResponse, typing: boolean) => void;
  onCommit: () => void;
  /** The attempt, for an essay's files (uploaded to it). */
  attemptId: number;
}

const EMPTY_LAYOUT: TPaperLayout = { blank_count: 0, lefts: [], word_limit: 0, file_answers: false, unit: '' };
/** The longest text a blank takes (ZAnswerResponse `texts`). */
const BLANK_MAX = ANSWER_LIMITS.acceptedLength * 5;
/** A number needs no more than this; the server takes up to ANSWER_LIMITS.text. */
const NUMBER_MAX = 100;

/** The input of a question that is not a choice, by its type. The component is keyed by the question. */
export function ExamResponseInput(props: ResponseInputProps) {
  switch (props.question.type) {
    case 'blank':
      return <BlankInputs {...props} />;
    case 'short':
      return <TextAnswer {...props} essay={false} />;
    case 'essay':
      return <TextAnswer {...props} essay />;
    case 'numerical':
      return <NumberAnswer {...props} />;
    case 'matching':
      return <MatchingAnswer {...props} />;
    case 'ordering':
      return <OrderingAnswer {...props} />;
    default:
      return null;
  }
}

/** One input per blank, labelled "Blank 1…N" (the stem marks them in the same order). */
function BlankInputs({ question, response, disabled, onRespond, onCommit }: ResponseInputProps) {
  const { t } = useTranslation('exam-taking');
  const id = useId();
  const count = Math.max(1, (question.layout ?? EMPTY_LAYOUT).blank_count);
  const [texts, setTexts] = useState(() => blankTexts(count, response?.texts));
  const change = (index: number, value: string) => {
    const next = texts.map((text, i) => (i === index ? value : text));
    setTexts(next);
    onRespond({ texts: next }, true);
  };
  return (
    <div className="exam-fields" data-testid="exam-blanks">
      {texts.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blanks are numbered by their place in the stem
        <div key={index} className="exam-field">
          <label htmlFor={`${id}-${index}`} className="exam-field-label">
            {t('blank_n', { n: index + 1 })}
          </label>
          <Input
            id={`${id}-${index}`}
            value={text}
            maxLength={BLANK_MAX}
            disabled={disabled}
            autoComplete="off"
            onChange={(event) => change(index, event.target.value)}
            onBlur={onCommit}
            data-testid={`exam-blank-${index}`}
          />
        </div>
      ))}
    </div>
  );
}

/** A short answer (a few lines, growing) or an essay (with its word count against the limit). */
function TextAnswer({
  question,
  response,
  disabled,
  onRespond,
  onCommit,
  attemptId,
  essay,
}: ResponseInputProps & { essay: boolean }) {
  const { t } = useTranslation('exam-taking');
  const countId = useId();
  const [text, setText] = useState(response?.text ?? '');
  const [files, setFiles] = useState(response?.files ?? []);
  const layout = question.layout ?? EMPTY_LAYOUT;
  const limit = essay ? (question.layout ?? EMPTY_LAYOUT).word_limit : 0;
  const words = essay ? countWords(text) : 0;
  const over = limit > 0 && words > limit;
  return (
    <div className="exam-fields">
      <Input.TextArea
        value={text}
        maxLength={ANSWER_LIMITS.text}
        disabled={disabled}
        autoSize={essay ? { minRows: 8, maxRows: 24 } : { minRows: 1, maxRows: 6 }}
        placeholder={essay ? t('essay_placeholder') : t('short_placeholder')}
        aria-label={t('your_answer')}
        aria-describedby={essay ? countId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onRespond({ text: event.target.value, ...(files.length > 0 ? { files } : {}) }, true);
        }}
        onBlur={onCommit}
        data-testid={essay ? 'exam-essay' : 'exam-short'}
      />
      {essay ? (
        <Typography.Text
          id={countId}
          type={over ? 'danger' : 'secondary'}
          aria-live="polite"
          data-testid="exam-word-count"
          data-over={over ? 'yes' : 'no'}
        >
          {limit > 0 ? t('word_count_limit', { count: words, limit }) : t('word_count', { count: words })}
          {over ? ` · ${t('word_count_over', { count: words - limit })}` : null}
        </Typography.Text>
      ) : null}
      {essay && layout.file_answers ? (
        <ExamAnswerFiles
          attemptId={attemptId}
          questionId={question.id}
          files={files}
          disabled={disabled}
          onChange={(next) => {
            setFiles(next);
            onRespond({ text, files: next }, false);
          }}
        />
      ) : null}
    </div>
  );
}

/** A number, with the question's unit after the input; warns (once left) when what is typed is not a number. */
function NumberAnswer({ question, response, disabled, onRespond, onCommit }: ResponseInputProps) {
  const { t } = useTranslation('exam-taking');
  const unit = (question.layout ?? EMPTY_LAYOUT).unit;
  const [text, setText] = useState(response?.text ?? '');
  const [left, setLeft] = useState(false);
  const invalid = left && text.trim() !== '' && parseAnswerNumber(text, unit) === null;
  const input = (
    <Input
      value={text}
      maxLength={NUMBER_MAX}
      disabled={disabled}
      autoComplete="off"
      status={invalid ? 'warning' : undefined}
      aria-label={t('your_answer')}
      placeholder={t('number_placeholder')}
      onChange={(event) => {
        setText(event.target.value);
        onRespond({ text: event.target.value }, true);
      }}
      onBlur={() => {
        setLeft(true);
        onCommit();
      }}
      data-testid="exam-number"
    />
  );
  return (
    <div className="exam-fields">
      {unit ? (
        <Space.Compact block>
          {input}
          <Space.Addon data-testid="exam-number-unit">{unit}</Space.Addon>
        </Space.Compact>
      ) : (
        input
      )}
      {invalid ? (
        <Typography.Text type="warning" data-testid="exam-number-invalid">
          {t('number_invalid')}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** Matching: each left item with a select of the right-hand items (lettered in the order shown). */
function MatchingAnswer({ question, response, disabled, onRespond }: ResponseInputProps) {
  const { t } = useTranslation('exam-taking');
  const lefts = (question.layout ?? EMPTY_LAYOUT).lefts;
  const rightKeys = question.options.map((option) => option.key);
  const [order, setOrder] = useState(() => matchingOrder(lefts.length, rightKeys, response?.order));
  const options = question.options.map((option, position) => ({
    value: option.key,
    text: `${letter(position)}. ${htmlText(option.content)}`,
    label: (
      <div className="exam-row">
        <b>{letter(position)}.</b>
        <ExamHtml html={option.content} />
      </div>
    ),
  }));
  const choose = (index: number, key: number | undefined) => {
    const next = order.map((k, i) => (i === index ? (key ?? -1) : k));
    setOrder(next);
    onRespond({ order: next }, false);
  };
  return (
    <div className="exam-match" data-testid="exam-matching" data-exam-keys="off">
      <Typography.Text type="secondary">{t('matching_hint')}</Typography.Text>
      {lefts.map((left, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: left items are identified by their place (the answer's index)
        <div key={index} className="exam-match-row" data-testid={`exam-match-${index}`}>
          <div className="exam-row exam-match-left">
            <b>{index + 1}.</b>
            <ExamHtml html={left} />
          </div>
          <Select<number>
            className="exam-match-select"
            classNames={{ popup: { root: 'exam-match-popup' } }}
            value={order[index] !== undefined && order[index] >= 0 ? order[index] : undefined}
            placeholder={t('matching_placeholder')}
            aria-label={t('matching_for', { n: index + 1 })}
            allowClear
            disabled={disabled}
            options={options}
            labelRender={({ value }) => options.find((o) => o.value === value)?.text ?? ''}
            onChange={(key) => choose(index, key)}
            data-testid={`exam-match-select-${index}`}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * Ordering: the items in a list the candidate reorders with the up/down buttons, or from the keyboard (an item
 * focused, Alt+↑ / Alt+↓). It starts in the order shown and counts as answered once an item moved or "keep this
 * order" was pressed (the order is then saved); "start again" goes back to the order shown, unanswered.
 */
function OrderingAnswer({ question, response, disabled, onRespond }: ResponseInputProps) {
  const { t } = useTranslation('exam-taking');
  const hintId = useId();
  const shownKeys = question.options.map((option) => option.key);
  const [order, setOrder] = useState(() => orderingOrder(shownKeys, response?.order));
  const [announcement, setAnnouncement] = useState('');
  const answered = responseGiven(response);
  const items = useRef(new Map<number, HTMLLIElement>());
  /** What to focus once the list is drawn again: the moved item, or the button pressed on it. */
  const focusAfter = useRef<{ key: number; part: 'item' | 'up' | 'down' } | null>(null);
  const contentOf = new Map(question.options.map((option) => [option.key, option.content]));

  useLayoutEffect(() => {
    const wanted = focusAfter.current;
    focusAfter.current = null;
    if (!wanted) return;
    const item = items.current.get(wanted.key);
    const button =
      wanted.part === 'item' ? null : item?.querySelector<HTMLButtonElement>(`[data-move="${wanted.part}"]:enabled`);
    (button ?? item)?.focus();
  });

  const save = (next: readonly number[]) => onRespond({ order: [...next] }, false);
  const move = (position: number, delta: -1 | 1, part: 'item' | 'up' | 'down') => {
    if (disabled) return;
    const next = moveItem(order, position, position + delta);
    if (next === order) return;
    const key = order[position]!;
    focusAfter.current = { key, part };
    setOrder([...next]);
    setAnnouncement(t('ordering_moved', { n: position + delta + 1, total: order.length }));
    save(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, position: number) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.target !== event.currentTarget) return;
    if (event.key === 'ArrowUp') move(position, -1, 'item');
    else if (event.key === 'ArrowDown') move(position, 1, 'item');
    else return;
    event.preventDefault();
  };
  const startAgain = () => {
    setOrder([...shownKeys]);
    setAnnouncement('');
    onRespond({ order: [] }, false);
  };

  return (
    <div className="exam-fields" data-testid="exam-ordering" data-exam-keys="off">
      <Typography.Text type="secondary" id={hintId}>
        {t('ordering_hint')}
      </Typography.Text>
      <ol className="exam-order-list" aria-label={t('ordering_list')} aria-describedby={hintId}>
        {order.map((key, position) => (
          <li
            key={key}
            ref={(element) => {
              if (element) items.current.set(key, element);
              else items.current.delete(key);
            }}
            className="exam-order-item"
            tabIndex={disabled ? -1 : 0}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            aria-describedby={hintId}
            onKeyDown={(event) => onKeyDown(event, position)}
            data-testid={`exam-order-item-${position}`}
            data-key={key}
          >
            <span className="exam-order-position">{position + 1}</span>
            <ExamHtml html={contentOf.get(key) ?? ''} />
            <span className="exam-order-buttons">
              <Button
                icon={<ArrowUpOutlined />}
                aria-label={t('ordering_up', { n: position + 1 })}
                title={t('ordering_up', { n: position + 1 })}
                disabled={disabled || position === 0}
                onClick={() => move(position, -1, 'up')}
                data-move="up"
                data-testid={`exam-order-up-${position}`}
              />
              <Button
                icon={<ArrowDownOutlined />}
                aria-label={t('ordering_down', { n: position + 1 })}
                title={t('ordering_down', { n: position + 1 })}
                disabled={disabled || position === order.length - 1}
                onClick={() => move(position, 1, 'down')}
                data-move="down"
                data-testid={`exam-order-down-${position}`}
              />
            </span>
          </li>
        ))}
      </ol>
      <div className="exam-order-actions">
        {answered ? (
          <>
            <Typography.Text type="success" data-testid="exam-order-given">
              <CheckOutlined /> {t('ordering_given')}
            </Typography.Text>
            <Button type="link" size="small" disabled={disabled} onClick={startAgain} data-testid="exam-order-reset">
              {t('ordering_reset')}
            </Button>
          </>
        ) : (
          <>
            <Button disabled={disabled} onClick={() => save(order)} data-testid="exam-order-keep">
              {t('ordering_keep')}
            </Button>
            <Typography.Text type="secondary">{t('ordering_not_given')}</Typography.Text>
          </>
        )}
      </div>
      <span className="exam-sr-only" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
