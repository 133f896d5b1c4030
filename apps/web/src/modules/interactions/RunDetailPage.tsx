import { CheckOutlined, CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import type { TRunDetail } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Result, Row, Skeleton, Space, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { saveFile } from '../../shared/files.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { parseId } from '../../shared/task-paths.ts';
import { exportRun, runDetailQuery } from './queries.ts';

type StudentRow = TRunDetail['students'][number];

/** `/course/interact/detail?run_id=`: one session — each question's accuracy, each student's answers and points. */
export function RunDetailPage() {
  const { t } = useTranslation(['interactions', 'question-bank', 'common']);
  const [params] = useSearchParams();
  const parsed = parseId(params.get('run_id'));
  const valid = parsed !== null;
  const runId = parsed ?? 0;
  const detail = useQuery({ ...runDetailQuery(runId), enabled: valid });
  const { message } = App.useApp();
  const exportFile = useMutation({
    mutationFn: () => exportRun(runId),
    onSuccess: (file) => {
      saveFile(file);
      void message.success(t('exported', { name: file.file_name }));
    },
    onError: showError,
  });
  if (!valid) return <Result status="404" title={t('run_not_found')} />;
  if (detail.isError && !detail.data) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const data = detail.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="interact-run-detail">
      <Card
        title={data.title}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exportFile.isPending}
            onClick={() => exportFile.mutate()}
            data-testid="interact-export"
          >
            {t('export')}
          </Button>
        }
      >
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title={t('joined')} value={data.joined_count} suffix={`/ ${data.student_count}`} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('accuracy')} value={data.accuracy ?? '—'} suffix={data.accuracy === null ? '' : '%'} />
          </Col>
          <Col xs={24} md={12}>
            <Statistic title={t('classes')} value={data.class_names.join(', ') || '—'} />
          </Col>
        </Row>
      </Card>
      <Card title={t('questions')} size="small">
        <Table
          rowKey="index"
          size="small"
          pagination={false}
          dataSource={data.questions}
          scroll={{ x: 640 }}
          columns={[
            { key: 'n', title: '#', width: 48, render: (_v, q) => q.index + 1 },
            {
              key: 'question',
              title: t('question'),
              render: (_v, q) => (
                <Space size={4}>
                  <Tag>{t(`question-bank:type_${q.type}`)}</Tag>
                  {q.stem_text.slice(0, 80)}
                </Space>
              ),
            },
            { key: 'answered', title: t('answered'), dataIndex: 'answered', width: 90, align: 'right' },
            {
              key: 'right',
              title: t('accuracy'),
              width: 100,
              align: 'right',
              render: (_v, q) => (q.answered === 0 ? '—' : `${Math.round((q.correct * 1000) / q.answered) / 10}%`),
            },
          ]}
        />
      </Card>
      <Card title={t('students')} size="small">
        <Table<StudentRow>
          rowKey="user_id"
          size="small"
          pagination={false}
          dataSource={[...data.students].sort((a, b) => b.points - a.points)}
          scroll={{ x: 480 + data.questions.length * 64 }}
          columns={[
            {
              key: 'name',
              title: t('student'),
              fixed: 'left',
              width: 180,
              render: (_v, s) => `${s.nickname || s.username} (${s.username})`,
            },
            { key: 'points', title: t('points'), dataIndex: 'points', width: 90, align: 'right' },
            { key: 'correct', title: t('right'), dataIndex: 'correct', width: 80, align: 'right' },
            {
              key: 'joined',
              title: t('joined'),
              width: 80,
              render: (_v, s) => (s.joined ? <CheckOutlined /> : '—'),
            },
            ...data.questions.map((q) => ({
              key: `q${q.index}`,
              title: `${q.index + 1}`,
              width: 64,
              render: (_v: unknown, s: StudentRow) => {
                const answer = s.answers[q.index];
                if (!answer) return '—';
                return answer.correct ? (
                  <Tag color="green" icon={<CheckOutlined />}>
                    {answer.points}
                  </Tag>
                ) : (
                  <Tag color="red" icon={<CloseOutlined />}>
                    {answer.points}
                  </Tag>
                );
              },
            })),
          ]}
        />
      </Card>
    </Space>
  );
}
