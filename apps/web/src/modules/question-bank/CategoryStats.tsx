import type { TQuestionCategoryStats, TQuestionType } from '@app/contracts';
import { DIFFICULTIES, QUESTION_TYPES, REVIEW_STATUSES } from '@app/contracts/question-rules.ts';
import { Card, Col, Progress, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_STROKE = { unreviewed: '#faad14', passed: '#52c41a', failed: '#ff4d4f' } as const;

function Bars({ title, entries }: { title: string; entries: { label: string; count: number; color?: string }[] }) {
  const total = entries.reduce((sum, e) => sum + e.count, 0);
  return (
    <Card size="small" title={title}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {entries.map((entry) => (
          <div key={entry.label}>
            <Typography.Text>
              {entry.label}: {entry.count}
            </Typography.Text>
            <Progress
              aria-label={entry.label}
              percent={total > 0 ? Math.round((entry.count / total) * 100) : 0}
              strokeColor={entry.color}
              size="small"
            />
          </div>
        ))}
      </Space>
    </Card>
  );
}

/** A category's questions counted (with its sub-categories): by review status, type and difficulty; answer rate. */
export function CategoryStats({ stats }: { stats: TQuestionCategoryStats }) {
  const { t } = useTranslation('question-bank');
  // Any type may be missing from the counts (older servers count the choice types only): it shows 0.
  const byType: Partial<Record<TQuestionType, number>> = stats.by_type;
  const rate = stats.answer_count > 0 ? Math.round((stats.correct_count / stats.answer_count) * 1000) / 10 : null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="qb-category-stats">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stats_total')} value={stats.total} />
          </Card>
        </Col>
        {REVIEW_STATUSES.map((status) => (
          <Col xs={12} md={6} key={status}>
            <Card size="small">
              <Statistic
                title={t(`status_${status}`)}
                value={stats.by_status[status] ?? 0}
                styles={{ content: { color: STATUS_STROKE[status] } }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Bars
            title={t('stats_by_type')}
            entries={QUESTION_TYPES.map((type) => ({ label: t(`type_${type}`), count: byType[type] ?? 0 }))}
          />
        </Col>
        <Col xs={24} md={8}>
          <Bars
            title={t('stats_by_difficulty')}
            entries={DIFFICULTIES.map((d) => ({ label: t(`difficulty_${d}`), count: stats.by_difficulty[d] ?? 0 }))}
          />
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title={t('stats_correct_rate')}>
            <Space align="center" size={24}>
              <Progress
                type="circle"
                aria-label={t('stats_correct_rate')}
                percent={rate ?? 0}
                format={() => (rate === null ? '—' : `${rate}%`)}
              />
              <Space orientation="vertical">
                <Statistic title={t('stats_answers')} value={stats.answer_count} />
                <Statistic title={t('stats_correct')} value={stats.correct_count} />
              </Space>
            </Space>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
