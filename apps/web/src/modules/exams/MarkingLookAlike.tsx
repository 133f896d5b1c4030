import { CopyOutlined } from '@ant-design/icons';
import type { TSimilarAnswers } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Collapse, Drawer, Empty, Row, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { sharedParts } from './marking-format.ts';
import { markingAnswersQuery, markingSimilarQuery } from './queries.ts';

interface LookAlikeProps {
  examId: number;
  questionId: number;
  /** A candidate as the marking list names them (a name, or "Candidate N" under blind marking). */
  label: (attemptId: number) => string;
  /** Opens that candidate's answer in the desk. */
  onJump: (attemptId: number) => void;
}

const percent = (pair: TSimilarAnswers) => Math.round(pair.similarity * 100);
const pairKey = (pair: TSimilarAnswers) => `${pair.attempt_a}-${pair.attempt_b}`;

/**
 * "Look-alike answers (N)" on the question being marked (docs/marking.md "Look-alike answers"): a drawer listing the
 * pairs of answers whose trigram similarity reaches 60 %, most alike first, each opened into both texts side by
 * side with the passages they share marked. Worded as a hint: alike wording is for the marker to judge.
 */
export function LookAlikeButton({ examId, questionId, label, onJump }: LookAlikeProps) {
  const { t } = useTranslation('exam-marking');
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const similar = useQuery(markingSimilarQuery(examId, questionId));
  const count = similar.data?.pairs.length;
  return (
    <>
      <Tooltip title={t('look_alike_help')}>
        <Button
          icon={<CopyOutlined />}
          loading={similar.isPending}
          onClick={() => setOpen(true)}
          data-testid="marking-look-alike"
        >
          {count === undefined ? t('look_alike') : t('look_alike_count', { count })}
        </Button>
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        size={phone ? '100%' : 1000}
        title={t('look_alike')}
        destroyOnHidden
      >
        <div data-testid="marking-look-alike-panel">
          <Alert
            type="info"
            showIcon
            title={t('look_alike_hint_title')}
            description={t('look_alike_hint')}
            style={{ marginBottom: 16 }}
            data-testid="marking-look-alike-hint"
          />
          {similar.isError ? (
            <LoadFailed error={similar.error} onRetry={() => similar.refetch()} />
          ) : !similar.data ? (
            <Spin />
          ) : similar.data.pairs.length === 0 ? (
            <Empty description={t('look_alike_empty')} data-testid="marking-look-alike-empty" />
          ) : (
            <LookAlikePairs
              examId={examId}
              questionId={questionId}
              pairs={similar.data.pairs}
              label={label}
              onJump={(attemptId) => {
                setOpen(false);
                onJump(attemptId);
              }}
            />
          )}
        </div>
      </Drawer>
    </>
  );
}

function LookAlikePairs({ pairs, examId, questionId, label, onJump }: LookAlikeProps & { pairs: TSimilarAnswers[] }) {
  const { t } = useTranslation('exam-marking');
  const whole = useQuery(markingAnswersQuery(examId, { question_id: questionId }, 'all'));
  const texts = new Map((whole.data?.list ?? []).map((a) => [a.attempt_id, a.response?.text ?? '']));
  return (
    <Collapse
      defaultActiveKey={[pairKey(pairs[0]!)]}
      items={pairs.map((pair) => ({
        key: pairKey(pair),
        label: (
          <Space wrap data-testid={`marking-look-alike-pair-${pairKey(pair)}`}>
            <Tag color="orange">{t('similarity', { percent: percent(pair) })}</Tag>
            <span>{t('pair_of', { a: label(pair.attempt_a), b: label(pair.attempt_b) })}</span>
          </Space>
        ),
        children: whole.isError ? (
          <LoadFailed error={whole.error} onRetry={() => whole.refetch()} />
        ) : !whole.data ? (
          <Spin />
        ) : (
          <Row gutter={[12, 12]}>
            {[
              [pair.attempt_a, pair.attempt_b],
              [pair.attempt_b, pair.attempt_a],
            ].map(([id, other]) => (
              <Col xs={24} md={12} key={id}>
                <Button
                  type="link"
                  style={{ paddingInline: 0 }}
                  onClick={() => onJump(id!)}
                  data-testid={`marking-look-alike-open-${id}`}
                >
                  {t('look_alike_open', { who: label(id!) })}
                </Button>
                <SharedText text={texts.get(id!) ?? ''} other={texts.get(other!) ?? ''} />
              </Col>
            ))}
          </Row>
        ),
      }))}
    />
  );
}

/** An answer's text with the passages the other answer shares marked. */
function SharedText({ text, other }: { text: string; other: string }) {
  const { t } = useTranslation('exam-marking');
  if (text.trim() === '') return <Typography.Text type="secondary">{t('no_text')}</Typography.Text>;
  return (
    <div
      data-testid="marking-look-alike-text"
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxHeight: 360,
        overflowY: 'auto',
        padding: 12,
        background: 'rgba(0, 0, 0, 0.02)',
        border: '1px solid rgba(0, 0, 0, 0.06)',
        borderRadius: 6,
      }}
    >
      {sharedParts(text, other).map((part, i) =>
        part.shared ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text in order; they have no other identity
          <mark key={i} style={{ background: '#ffe58f', padding: 0 }}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{part.text}</span>
        ),
      )}
    </div>
  );
}

/** The current answer's look-alike partners, each a button opening the other answer. */
export function LookAlikeHints({
  examId,
  questionId,
  attemptId,
  label,
  onJump,
}: LookAlikeProps & { attemptId: number }) {
  const { t } = useTranslation('exam-marking');
  const similar = useQuery(markingSimilarQuery(examId, questionId));
  const mine = (similar.data?.pairs ?? []).filter((p) => p.attempt_a === attemptId || p.attempt_b === attemptId);
  if (mine.length === 0) return null;
  return (
    <Space size={4} wrap data-testid="marking-look-alike-hints">
      {mine.slice(0, 3).map((pair) => {
        const other = pair.attempt_a === attemptId ? pair.attempt_b : pair.attempt_a;
        return (
          <Tooltip key={other} title={t('look_alike_help')}>
            <Button size="small" color="orange" variant="filled" icon={<CopyOutlined />} onClick={() => onJump(other)}>
              {t('looks_like', { who: label(other), percent: percent(pair) })}
            </Button>
          </Tooltip>
        );
      })}
      {mine.length > 3 && <Tag>{t('more_n', { n: mine.length - 3 })}</Tag>}
    </Space>
  );
}
