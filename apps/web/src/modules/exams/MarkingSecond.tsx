import type { TMarkingAnswer } from '@app/contracts';
import { Alert, Col, Row, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LARGE_GAP_SHARE, markGap, secondState } from './marking-format.ts';

const BADGE_COLOR = { waiting: 'default', given: 'green', apart: 'red' } as const;

/** The list's sign of an answer chosen for a second mark: waiting, given, or given far from the first. */
export function SecondMarkBadge({ answer }: { answer: TMarkingAnswer }) {
  const { t } = useTranslation('exam-marking');
  const state = secondState(answer);
  if (state === 'none') return null;
  return (
    <Tooltip title={t(`second_state_${state}`)}>
      <Tag
        color={BADGE_COLOR[state]}
        style={{ marginInlineEnd: 0 }}
        aria-label={t(`second_state_${state}`)}
        data-testid="marking-second-badge"
        data-state={state}
      >
        {t('second_badge')}
      </Tag>
    </Tooltip>
  );
}

/** Signed points: "+2", "−1.5", "0". */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/**
 * The two marks of an answer chosen for a second mark, side by side (points, marker, time, comment), and their
 * difference: far apart (over LARGE_GAP_SHARE of the question's points) is shown as a warning for the markers to
 * agree; only the first mark counts in the score, so agreeing means changing it.
 */
export function SecondMarkCompare({ answer }: { answer: TMarkingAnswer }) {
  const { t } = useTranslation('exam-marking');
  const gap = markGap(answer);
  const share = Math.round(LARGE_GAP_SHARE * 100);
  return (
    <div style={{ marginTop: 12 }} data-testid="marking-second-compare">
      <Row gutter={[12, 12]}>
        <Col xs={24} md={12}>
          <MarkCell
            title={t('first_mark')}
            points={answer.points}
            max={answer.max_points}
            by={answer.marked_by_name}
            at={answer.marked_at}
            comment={answer.comment}
            missing={t('first_missing')}
            testId="marking-first-cell"
          />
        </Col>
        <Col xs={24} md={12}>
          <MarkCell
            title={t('second_mark_title')}
            points={answer.second_points}
            max={answer.max_points}
            by={answer.second_marked_by_name}
            at={answer.second_marked_at}
            comment={answer.second_comment}
            missing={t('second_missing')}
            testId="marking-second-cell"
          />
        </Col>
      </Row>
      {gap &&
        (gap.large ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 8 }}
            title={t('gap_large', { difference: signed(gap.difference), share, max: answer.max_points })}
            data-testid="marking-second-gap"
            data-large="true"
          />
        ) : (
          <Typography.Paragraph
            type="secondary"
            style={{ margin: '8px 0 0' }}
            data-testid="marking-second-gap"
            data-large="false"
          >
            {t('gap', { difference: signed(gap.difference), share })}
          </Typography.Paragraph>
        ))}
    </div>
  );
}

function MarkCell(props: {
  title: string;
  points: number | null;
  max: number;
  by: string | null;
  at: string | null;
  comment: string;
  missing: string;
  testId: string;
}) {
  const { t } = useTranslation('exam-marking');
  return (
    <div
      style={{ height: '100%', padding: '8px 12px', border: '1px solid rgba(0, 0, 0, 0.1)', borderRadius: 6 }}
      data-testid={props.testId}
    >
      <Typography.Text type="secondary">{props.title}</Typography.Text>
      {props.points === null ? (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {props.missing}
        </Typography.Paragraph>
      ) : (
        <>
          <div style={{ fontSize: 20, fontWeight: 600 }} data-testid={`${props.testId}-points`}>
            {t('marked_points', { points: props.points, max: props.max })}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('mark_by_at', { name: props.by ?? '-', time: formatTime(props.at) })}
          </Typography.Text>
          {props.comment && (
            <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
              {props.comment}
            </Typography.Paragraph>
          )}
        </>
      )}
    </div>
  );
}
