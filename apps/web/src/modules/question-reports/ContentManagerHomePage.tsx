import { ERROR_PRONE_DEFAULTS } from '@app/contracts/question-report-rules.ts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { contentManagerHomeQuery } from './queries.ts';

function Figure({ title, value, to, testId }: { title: string; value: number; to?: string; testId: string }) {
  const { t } = useTranslation('question-reports');
  const extra: ReactNode = to ? <Link to={to}>{t('open')}</Link> : null;
  return (
    <Card data-testid={testId} extra={extra} title={title} size="small">
      <Statistic value={value} />
    </Card>
  );
}

/**
 * `/home_content_manager`: the question bank at a glance: questions by review status, what waits for review,
 * learners' pending corrections and feedback, error-prone questions (links into each queue), and the questions
 * added per day this week (ECharts, loaded on first use).
 */
export function ContentManagerHomePage() {
  const { t } = useTranslation(['question-reports', 'common']);
  const home = useQuery(contentManagerHomeQuery());
  const data = home.data;
  const addedOption = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 24, bottom: 32 },
        xAxis: { type: 'category', data: data.added_last_7_days.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            type: 'line',
            smooth: true,
            areaStyle: {},
            name: t('questions_added'),
            data: data.added_last_7_days.map((d) => d.count),
          },
        ],
      },
    [data, t],
  );
  if (home.isError && !data) return <LoadFailed error={home.error} onRetry={() => home.refetch()} />;
  if (!data) return <Skeleton active />;
  const weekTotal = data.added_last_7_days.reduce((sum, d) => sum + d.count, 0);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} lg={6}>
        <Figure title={t('questions_total')} value={data.questions.total} to="/dataset/data" testId="home-questions" />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title={t('questions_passed')}
          value={data.questions.by_status.passed ?? 0}
          testId="home-questions-passed"
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title={t('questions_unreviewed')}
          value={data.questions.by_status.unreviewed ?? 0}
          to="/dataset/category-data-verify"
          testId="home-questions-unreviewed"
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title={t('questions_failed')}
          value={data.questions.by_status.failed ?? 0}
          testId="home-questions-failed"
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title={t('categories_unreviewed')}
          value={data.categories.unreviewed}
          to="/dataset/category-verify"
          testId="home-categories-unreviewed"
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title={t('pending_corrections')}
          value={data.pending_reports.correction}
          to="/dataset/datacorrection"
          testId="home-pending-corrections"
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title={t('pending_feedback')}
          value={data.pending_reports.feedback}
          to="/dataset/feedback"
          testId="home-pending-feedback"
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title={t('error_prone_count', {
            rate: ERROR_PRONE_DEFAULTS.homeRate * 100,
            min: ERROR_PRONE_DEFAULTS.minAnswers,
          })}
          value={data.error_prone}
          to={`/dataset/errorpronelist?min_rate=${ERROR_PRONE_DEFAULTS.homeRate}`}
          testId="home-error-prone"
        />
      </Col>
      <Col span={24}>
        <Card title={t('added_last_7_days', { total: weekTotal })} data-testid="home-added">
          {addedOption && <EChart option={addedOption} height={240} testId="home-added-chart" />}
        </Card>
      </Col>
    </Row>
  );
}
