import { CheckCircleFilled, CloseCircleFilled, PaperClipOutlined } from '@ant-design/icons';
import type { TAnswerFile, TAnswerResponse, TExamResult, TQuestionSpec } from '@app/contracts';
import {
  ANSWER_FILE_URL_PREFIX,
  normaliseAnswerText,
  parseAnswerNumber,
  responseGiven,
  specOf,
} from '@app/contracts/question-answers.ts';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../shared/format.ts';
import { useUserDetail } from '../../shared/session/use-user-detail.ts';
import { ExamHtml, letter } from './exam-shared.tsx';
import { countWords } from './responses.ts';

type ResultQuestion = TExamResult['questions'][number];

/** A labelled line of the review: "Your answer", "Accepted answers", "Blank 2"… */
function Line({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="exam-review-line" data-testid={testId}>
      <Typography.Text strong className="exam-review-label">
        {label}
      </Typography.Text>
      <div className="exam-review-value">{children}</div>
    </div>
  );
}

/** Right or wrong beside a part of an answer (a blank, a pair), when the key is shown. */
function Mark({ right }: { right: boolean | null }) {
  const { t } = useTranslation('exam-taking');
  if (right === null) return null;
  return right ? (
    <CheckCircleFilled className="exam-review-mark" style={{ color: '#52c41a' }} aria-label={t('part_right')} />
  ) : (
    <CloseCircleFilled className="exam-review-mark" style={{ color: '#ff4d4f' }} aria-label={t('part_wrong')} />
  );
}

function Accepted({ accepted }: { accepted: readonly string[] }) {
  if (accepted.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className="exam-review-tags">
      {accepted.map((answer) => (
        <Tag key={answer}>{answer}</Tag>
      ))}
    </span>
  );
}

function Given({ text }: { text: string | undefined }) {
  const { t } = useTranslation('exam-taking');
  if (!text?.trim()) return <Typography.Text type="secondary">{t('not_answered')}</Typography.Text>;
  return <div className="exam-review-text">{text}</div>;
}

function Rubric({ rubric }: { rubric: NonNullable<TQuestionSpec['rubric']> }) {
  const { t } = useTranslation('exam-taking');
  if (rubric.length === 0) return null;
  return (
    <Line label={t('key_rubric')} testId="exam-review-rubric">
      <ol className="exam-review-list">
        {rubric.map((c, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rubric lines have no id; their place is their identity
          <li key={index}>
            {c.criterion} <Typography.Text type="secondary">{t('points', { count: c.points })}</Typography.Text>
          </li>
        ))}
      </ol>
    </Line>
  );
}

/** An essay's files, linked where they are served (the candidate's own organisation). */
function Files({ files }: { files: readonly TAnswerFile[] }) {
  const { t } = useTranslation('exam-taking');
  const siteId = useUserDetail().data?.user.site.id;
  if (files.length === 0) return null;
  return (
    <Line label={t('answer_files')} testId="exam-review-files">
      <ul className="exam-review-list">
        {files.map((file) => (
          <li key={file.key}>
            <PaperClipOutlined />{' '}
            {siteId ? (
              <a href={`${ANSWER_FILE_URL_PREFIX}${siteId}/${file.key}`} target="_blank" rel="noreferrer">
                {file.name}
              </a>
            ) : (
              file.name
            )}{' '}
            <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
          </li>
        ))}
      </ul>
    </Line>
  );
}

/**
 * The candidate's answer to a question that is not a choice, and its key when the exam shows analyses (`spec`):
 * blanks with their accepted answers, a text with the accepted or reference answers (and the rubric of what a
 * teacher marks), the pairs chosen beside the right ones, the order given beside the right one, the number beside
 * the value ± tolerance.
 */
export function ResponseReview({
  question,
}: {
  question: Pick<ResultQuestion, 'type' | 'response' | 'spec' | 'layout' | 'options'>;
}) {
  const { t } = useTranslation('exam-taking');
  const response: TAnswerResponse = question.response ?? {};
  const given = responseGiven(question.response);
  const spec = question.spec ? specOf(question.type, question.spec) : null;
  const layout = question.layout;
  const contentOf = new Map(question.options.map((option, position) => [option.key, { option, position }]));
  const rightItem = (key: number | undefined) => {
    const found = key === undefined ? undefined : contentOf.get(key);
    if (!found) return <Typography.Text type="secondary">—</Typography.Text>;
    return (
      <div className="exam-row">
        <b>{letter(found.position)}.</b>
        <ExamHtml html={found.option.content} />
      </div>
    );
  };

  switch (question.type) {
    case 'blank': {
      const count = Math.max(layout?.blank_count ?? 0, response.texts?.length ?? 0, spec?.blanks?.length ?? 0);
      return (
        <div className="exam-review" data-testid="exam-review-blanks">
          {Array.from({ length: count }, (_, index) => {
            const text = response.texts?.[index] ?? '';
            const accepted = spec?.blanks?.[index]?.accepted;
            const right = accepted
              ? accepted.some((a) => normaliseAnswerText(a, spec ?? {}) === normaliseAnswerText(text, spec ?? {}))
              : null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: blanks are numbered by their place in the stem
              <Line key={index} label={t('blank_n', { n: index + 1 })} testId={`exam-review-blank-${index}`}>
                <div className="exam-review-pair">
                  <Mark right={text.trim() ? right : accepted ? false : null} />
                  {text.trim() ? (
                    <span className="exam-review-text">{text}</span>
                  ) : (
                    <Typography.Text type="secondary">{t('not_answered')}</Typography.Text>
                  )}
                </div>
                {accepted ? (
                  <div className="exam-review-key">
                    <Typography.Text type="secondary">{t('key_accepted')}</Typography.Text>{' '}
                    <Accepted accepted={accepted} />
                  </div>
                ) : null}
              </Line>
            );
          })}
        </div>
      );
    }
    case 'short':
      return (
        <div className="exam-review" data-testid="exam-review-short">
          <Line label={t('my_choice')}>
            <Given text={response.text} />
          </Line>
          {spec ? (
            <>
              <Line label={spec.by_hand ? t('key_reference') : t('key_accepted')} testId="exam-review-accepted">
                <Accepted accepted={spec.accepted ?? []} />
              </Line>
              {spec.by_hand ? <Rubric rubric={spec.rubric ?? []} /> : null}
            </>
          ) : null}
        </div>
      );
    case 'essay':
      return (
        <div className="exam-review" data-testid="exam-review-essay">
          <Line label={t('my_choice')}>
            <Given text={response.text} />
            {response.text?.trim() ? (
              <Typography.Text type="secondary">
                {layout?.word_limit
                  ? t('word_count_limit', { count: countWords(response.text), limit: layout.word_limit })
                  : t('word_count', { count: countWords(response.text) })}
              </Typography.Text>
            ) : null}
          </Line>
          <Files files={response.files ?? []} />
          {spec ? <Rubric rubric={spec.rubric ?? []} /> : null}
        </div>
      );
    case 'numerical': {
      const unit = spec?.unit ?? layout?.unit ?? '';
      const value = spec?.value ?? Number.NaN;
      const number = parseAnswerNumber(response.text ?? '', unit);
      return (
        <div className="exam-review" data-testid="exam-review-numerical">
          <Line label={t('my_choice')}>
            {response.text?.trim() ? (
              <span className="exam-review-text">
                {response.text.trim()}
                {unit && number !== null && !response.text.trim().endsWith(unit) ? ` ${unit}` : ''}
              </span>
            ) : (
              <Typography.Text type="secondary">{t('not_answered')}</Typography.Text>
            )}
            {response.text?.trim() && number === null ? (
              <Typography.Text type="warning"> {t('number_not_read')}</Typography.Text>
            ) : null}
          </Line>
          {spec && Number.isFinite(value) ? (
            <Line label={t('key_value')} testId="exam-review-value">
              {spec.tolerance ? `${value} ± ${spec.tolerance}` : `${value}`}
              {unit ? ` ${unit}` : ''}
            </Line>
          ) : null}
        </div>
      );
    }
    case 'matching': {
      const lefts = layout?.lefts ?? [];
      const pairs = spec?.pairs;
      return (
        <div className="exam-review" data-testid="exam-review-matching">
          {!given ? <Typography.Text type="secondary">{t('not_answered')}</Typography.Text> : null}
          {lefts.map((left, index) => {
            const chosen = response.order?.[index];
            const chosenKey = chosen !== undefined && chosen >= 0 ? chosen : undefined;
            // The right items are keyed pairs first: left item i matches the right item of key i.
            const right = pairs ? chosenKey === index : null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: left items are identified by their place
              <div key={index} className="exam-review-match" data-testid={`exam-review-match-${index}`}>
                <div className="exam-row exam-review-match-left">
                  <b>{index + 1}.</b>
                  <ExamHtml html={left} />
                </div>
                <div className="exam-review-pair">
                  <Mark right={given ? right : null} />
                  {rightItem(chosenKey)}
                </div>
                {pairs && !right ? (
                  <div className="exam-review-key">
                    <Typography.Text type="secondary">{t('key_match')}</Typography.Text>
                    {contentOf.has(index) ? (
                      rightItem(index)
                    ) : pairs[index] ? (
                      <ExamHtml html={pairs[index].right} />
                    ) : (
                      '—'
                    )}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      );
    }
    case 'ordering': {
      const order = (response.order ?? []).filter((key) => key >= 0);
      return (
        <div className="exam-review" data-testid="exam-review-ordering">
          <Line label={t('my_order')}>
            {order.length === 0 ? (
              <Typography.Text type="secondary">{t('not_answered')}</Typography.Text>
            ) : (
              <ol className="exam-review-list" data-testid="exam-review-order">
                {order.map((key) => (
                  <li key={key}>
                    <ExamHtml html={contentOf.get(key)?.option.content ?? '—'} />
                  </li>
                ))}
              </ol>
            )}
          </Line>
          {spec?.items ? (
            <Line label={t('key_order')} testId="exam-review-key-order">
              <ol className="exam-review-list">
                {spec.items.map((html, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the place of an item is the answer
                  <li key={index}>
                    <ExamHtml html={html} />
                  </li>
                ))}
              </ol>
            </Line>
          ) : null}
        </div>
      );
    }
    default:
      return null;
  }
}
