import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TQuestionDetail } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Popconfirm,
  Result,
  Row,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { ColorTag } from '../../shared/ColorTag.tsx';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { QuestionRecords } from './QuestionRecords.tsx';
import { QuestionView } from './QuestionView.tsx';
import { deleteQuestions, questionDetailQuery, useQuestionBankChanged } from './queries.ts';
import { correctRate, DifficultyTag, ReviewTag } from './question-format.tsx';
import { useQuestionRoutes } from './question-routes.ts';
import { SimilarQuestions } from './SimilarQuestions.tsx';

export const DETAIL_TABS = ['view', 'records', 'similar'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

function BackLink() {
  const { t } = useTranslation('question-bank');
  const routes = useQuestionRoutes();
  return (
    <Link to={routes.list} data-testid="qb-question-back">
      <ArrowLeftOutlined /> {t('back_to_list')}
    </Link>
  );
}

function ReviewInfo({ question }: { question: TQuestionDetail }) {
  const { t } = useTranslation('question-bank');
  const { detail } = useSession();
  return (
    <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }} data-testid="qb-review-info">
      <Descriptions.Item label={t('review_status')}>
        {question.private ? (
          <Typography.Text data-testid="qb-review-private">
            <Tag color="gold">{t('private_tag')}</Tag> {t('private_detail')}{' '}
            <Link to="/self-data/category">{t('private_categories')}</Link>
          </Typography.Text>
        ) : (
          <ReviewTag status={question.review_status} />
        )}
        {question.review_status === 'unreviewed' && !question.private && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} data-testid="qb-review-waiting">
            {t('review_waiting_text')}{' '}
            {'dataset-category-data-verify' in detail.user.auth_menus && (
              <Link to="/dataset/category-data-verify" data-testid="qb-review-queue">
                {t('review_queue')}
              </Link>
            )}
          </Typography.Paragraph>
        )}
      </Descriptions.Item>
      {question.review_status === 'failed' && (
        <Descriptions.Item label={t('review_reason')}>
          <Typography.Text type="danger" data-testid="qb-review-reason">
            {question.review_reason || '—'}
          </Typography.Text>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('reviewer')}>{question.reviewed_by_name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('reviewed_at')}>{formatTime(question.reviewed_at)}</Descriptions.Item>
    </Descriptions>
  );
}

function QuestionFacts({ question }: { question: TQuestionDetail }) {
  const { t } = useTranslation('question-bank');
  return (
    <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }}>
      <Descriptions.Item label={t('category')}>{question.category_path || question.category_name}</Descriptions.Item>
      <Descriptions.Item label={t('difficulty')}>
        <DifficultyTag difficulty={question.difficulty} />
      </Descriptions.Item>
      <Descriptions.Item label={t('source')}>{question.source || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('setter')}>{question.setter || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('labels')}>
        {question.labels.length
          ? question.labels.map((label) => (
              <ColorTag key={label.id} color={label.color}>
                {label.name}
              </ColorTag>
            ))
          : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('nodes')}>
        {question.nodes.length
          ? question.nodes.map((node) => (
              <Tag key={node.id} title={node.map_name}>
                {node.code} {node.name}
              </Tag>
            ))
          : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('correct_rate')}>
        {correctRate(question.answer_count, question.correct_count)} (
        {t('answers_count', { count: question.answer_count })})
      </Descriptions.Item>
      <Descriptions.Item label={t('version')}>v{question.version}</Descriptions.Item>
      <Descriptions.Item label={t('author')}>{question.created_by_name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('created_at')}>{formatTime(question.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('updated_at')}>{formatTime(question.updated_at)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * One question: shown as a learner sees it (stem, options with the correct ones marked, analysis), with its review
 * (status, reason, reviewer), facts, edit history and near-duplicates; edit and delete for those who may.
 */
export function QuestionDetail({ id, initialTab = 'view' }: { id: number | null; initialTab?: DetailTab }) {
  const { t } = useTranslation(['question-bank', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const routes = useQuestionRoutes();
  const changed = useQuestionBankChanged();
  const [tab, setTab] = useState<DetailTab>(initialTab);
  const question = useQuery({ ...questionDetailQuery(id ?? 0), enabled: id !== null });
  const remove = useMutation({
    mutationFn: deleteQuestions,
    onSuccess: async (_, ids) => {
      void message.success(t('deleted'));
      navigate(routes.list);
      await changed({ kind: 'question', id: ids[0]! });
    },
    onError: (error) => showError(error),
  });

  if (id === null || (question.error instanceof ApiError && question.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('question_not_found')} extra={<BackLink />} />
      </Card>
    );
  }
  if (question.isError && !question.data) {
    return <LoadFailed error={question.error} onRetry={() => question.refetch()} />;
  }
  if (!question.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  const data = question.data;
  return (
    <Card
      title={
        <Space wrap>
          <BackLink />
          <span data-testid="qb-question-title">{t('question_title', { id: data.id })}</span>
          <ReviewTag status={data.review_status} reason={data.review_reason} />
        </Space>
      }
      extra={
        data.editable && (
          <Space size={0}>
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => navigate(routes.edit(data.id))}
              data-testid="qb-question-edit"
            >
              {t('edit')}
            </Button>
            <Popconfirm
              title={t('question_delete_confirm', { id: data.id })}
              onConfirm={() => remove.mutateAsync([data.id])}
              okText={t('delete')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
            >
              <Button type="link" danger icon={<DeleteOutlined />} data-testid="qb-question-delete">
                {t('delete')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {data.review_status === 'failed' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('failed_reason_title')}
          description={data.review_reason}
          data-testid="qb-failed-alert"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as DetailTab)}
        items={[
          {
            key: 'view',
            label: t('tab_view'),
            children: (
              <Row gutter={[24, 24]}>
                <Col xs={24} xl={15}>
                  <QuestionView question={data} />
                </Col>
                <Col xs={24} xl={9}>
                  <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                    <ReviewInfo question={data} />
                    <QuestionFacts question={data} />
                  </Space>
                </Col>
              </Row>
            ),
          },
          { key: 'records', label: t('tab_records'), children: <QuestionRecords id={data.id} /> },
          { key: 'similar', label: t('tab_similar'), children: <SimilarQuestions id={data.id} /> },
        ]}
      />
    </Card>
  );
}

export function detailTabOf(value: string | null | undefined): DetailTab {
  return DETAIL_TABS.find((tab) => tab === value) ?? 'view';
}
