import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { QuestionView, ReviewTag } from '../question-bank/index.ts';
import { questionDetailLink, questionEditLink, reportDetailQuery, STATUS_COLOR } from './queries.ts';
import { useReportDecision } from './use-report-decision.tsx';

/** One report with its question as learners see it, its outcome, and the decisions while it is pending. */
export function ReportDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(['question-reports', 'common']);
  const detail = useQuery(reportDetailQuery(id));
  const { start, modalNode } = useReportDecision();
  const report = detail.data;

  let body: ReactNode;
  if (detail.isError && !report) body = <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  else if (!report) body = <Skeleton active />;
  else
    body = (
      <>
        <Descriptions column={1} size="small" bordered data-testid="report-detail">
          <Descriptions.Item label={t('kind')}>{t(`kind_${report.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <Tag color={STATUS_COLOR[report.status]}>{t(`status_${report.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('reporter')}>{report.user_name ?? t('account_gone')}</Descriptions.Item>
          <Descriptions.Item label={t('created_at')}>{formatTime(report.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('content')}>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid="report-detail-content">
              {report.content}
            </Typography.Text>
          </Descriptions.Item>
          {report.status !== 'pending' && (
            <>
              <Descriptions.Item label={t('reply')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{report.reply || t('no_reply')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('handled_by')}>
                {report.handled_by_name ?? '—'} {formatTime(report.handled_at)}
              </Descriptions.Item>
            </>
          )}
        </Descriptions>
        {report.status === 'pending' && (
          <Space style={{ margin: '16px 0' }}>
            <Button type="primary" onClick={() => start(report, 'accept')} data-testid="report-detail-accept">
              {t('accept')}
            </Button>
            <Button danger onClick={() => start(report, 'decline')} data-testid="report-detail-decline">
              {t('decline')}
            </Button>
          </Space>
        )}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('question')}
        </Typography.Title>
        {report.question ? (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <span>{report.question.category_name}</span>
              <ReviewTag status={report.question.review_status} />
              <span>
                {t('answers_correct', {
                  answers: report.question.answer_count,
                  correct: report.question.correct_count,
                })}
              </span>
              <Link to={questionEditLink(report.question.id)} data-testid="report-detail-edit">
                {t('edit_question')}
              </Link>
              <Link to={questionDetailLink(report.question.id)}>{t('question_detail')}</Link>
            </Space>
            <QuestionView question={report.question} testId="report-question" />
          </>
        ) : (
          <Empty description={report.question_id === null ? t('no_question') : t('question_gone')} />
        )}
      </>
    );

  return (
    <Drawer open width={640} title={t('detail_title')} onClose={onClose} destroyOnHidden>
      {body}
      {modalNode}
    </Drawer>
  );
}
