import type { TPaperAnalysis } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Spin, Statistic, Table, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { idParam } from './exam-teacher-shared.tsx';
import { examDetailQuery, paperAnalysisQuery } from './queries.ts';
import { RegradeAction } from './RegradeAction.tsx';

type QuestionRow = TPaperAnalysis['questions'][number];

const percent = (v: number | null) => (v === null ? '-' : `${Math.round(v * 1000) / 10}%`);

/** Discrimination bands commonly used for classroom tests (Ebel): ≥ 0.4 good, ≥ 0.2 fair, below poor. */
function DiscriminationTag({ value }: { value: number | null }) {
  const { t } = useTranslation('exams');
  if (value === null) return <>-</>;
  const band = value >= 0.4 ? 'good' : value >= 0.2 ? 'fair' : 'poor';
  const color = band === 'good' ? 'green' : band === 'fair' ? 'gold' : 'red';
  return (
    <Tooltip title={t(`discrimination_${band}`)}>
      <Tag color={color}>{value.toFixed(2)}</Tag>
    </Tooltip>
  );
}

/**
 * `/trainingcamp/paperAnalysis?id=`: an exam's score distribution (buckets of 10% of the total) and per question
 * the facility (share correct) and discrimination (upper 27% minus lower 27%), over graded attempts without cheating.
 */
export function PaperAnalysisPage() {
  const { t } = useTranslation(['exams', 'common', 'question-bank']);
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const analysis = useQuery({ ...paperAnalysisQuery(id!), enabled: id !== null });
  const detail = useQuery({ ...examDetailQuery(id!), enabled: id !== null });
  const data = analysis.data;
  const option = useMemo(
    () =>
      data && {
        grid: { left: 40, right: 16, top: 24, bottom: 40 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: data.distribution.map((b) => `${b.from}–${b.to}`) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', data: data.distribution.map((b) => b.count), name: t('attempts') }],
      },
    [data, t],
  );

  if (id === null) return <Alert type="error" showIcon title={t('not_found')} />;
  if (analysis.isError) return <LoadFailed error={analysis.error} onRetry={() => analysis.refetch()} />;
  if (!data || !option) return <Spin />;
  return (
    <Card title={t('analysis_title', { name: detail.data?.name ?? '' })}>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Statistic title={t('analysed_attempts')} value={data.attempt_count} />
        </Col>
        <Col span={6}>
          <Statistic title={t('average')} value={data.average ?? '-'} suffix={`/ ${data.total_score}`} />
        </Col>
        <Col span={6}>
          <Statistic title={t('pass_rate')} value={percent(data.pass_rate)} />
        </Col>
        <Col span={6}>
          <Statistic title={t('question_count')} value={data.questions.length} />
        </Col>
      </Row>
      {data.attempt_count === 0 ? (
        <Empty description={t('analysis_empty')} />
      ) : (
        <>
          <Card type="inner" title={t('distribution')} style={{ marginBottom: 16 }}>
            <EChart option={option} height={280} testId="score-distribution" />
          </Card>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('analysis_help')} />
          <Table<QuestionRow>
            rowKey="question_id"
            size="small"
            dataSource={data.questions}
            pagination={false}
            data-testid="question-analysis"
            columns={[
              { title: '#', width: 50, render: (_v, _r, i) => i + 1 },
              {
                title: t('cell_type'),
                dataIndex: 'type',
                width: 100,
                render: (v: string) => t(`question-bank:type_${v}`),
              },
              { title: t('stem'), dataIndex: 'stem_text', ellipsis: true },
              { title: t('answered_by'), dataIndex: 'answered_by', width: 90 },
              {
                title: t('facility'),
                dataIndex: 'facility',
                width: 180,
                render: (v: number | null) =>
                  v === null ? (
                    '-'
                  ) : (
                    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                      <div style={{ flex: 1, height: 8, background: '#f0f0f0', borderRadius: 4 }}>
                        <div style={{ width: `${v * 100}%`, height: 8, background: '#1677ff', borderRadius: 4 }} />
                      </div>
                      <span style={{ width: 48, textAlign: 'right' }}>{percent(v)}</span>
                    </div>
                  ),
              },
              {
                title: t('discrimination'),
                dataIndex: 'discrimination',
                width: 110,
                render: (v: number | null) => <DiscriminationTag value={v} />,
              },
              {
                title: t('regrade_column'),
                width: 120,
                render: (_v, row: QuestionRow) => <RegradeAction examId={data.exam_id} questionId={row.question_id} />,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
