import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ExamResultView } from '../exam-taking/index.ts';
import { examDetailPath, idParam } from './exam-teacher-shared.tsx';
import { attemptDetailQuery } from './queries.ts';

/**
 * `/trainingcamp/stuExamDetail?attempt_id=`: one candidate's submitted attempt as the exam's teachers read it — the
 * candidate's result view with the key and analysis always shown, the candidate named, and the way to mark it.
 */
export function StudentAttemptPage() {
  const { t } = useTranslation(['exams', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('attempt_id'));
  const detail = useQuery({ ...attemptDetailQuery(id!), enabled: id !== null });
  if (id === null) {
    return (
      <Card>
        <Empty description={t('attempt_pick_hint')}>
          <Link to="/trainingcamp/examlist">
            <Button type="primary">{t('to_exam_list')}</Button>
          </Link>
        </Empty>
      </Card>
    );
  }
  if (detail.isError) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  const data = detail.data;
  if (!data) return <Spin />;
  return (
    <ExamResultView
      result={data}
      extra={
        <Space orientation="vertical" align="center">
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="attempt-detail-candidate">
            {t('attempt_of', { name: data.nickname || data.username, username: data.username })}
          </Typography.Title>
          {data.cheat ? (
            <Tag color="red" data-testid="attempt-detail-cheat">
              {data.cheat_note ? `${t('cheat_marked')}: ${data.cheat_note}` : t('cheat_marked')}
            </Tag>
          ) : null}
          <Space wrap>
            <Button onClick={() => navigate(-1)}>{t('common:back')}</Button>
            <Link to={examDetailPath(data.exam_id)}>
              <Button>{t('all_candidates')}</Button>
            </Link>
            {data.status === 'being_graded' ? (
              <Link to={examDetailPath(data.exam_id, 'marking')}>
                <Button type="primary" data-testid="attempt-detail-mark">
                  {t('go_marking')}
                </Button>
              </Link>
            ) : null}
          </Space>
        </Space>
      }
    />
  );
}
