import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ExamResultView } from './ExamResultView.tsx';
import { attemptResultQuery } from './queries.ts';

/** `/examine/trainingcamp/exam-detail/result/{attempt id}`: one of my attempts' result inside the shell. */
export function ExamDetailPage() {
  const { t } = useTranslation(['exam-taking', 'common']);
  const navigate = useNavigate();
  const { id } = useParams();
  const attemptId = Number(id);
  const valid = Number.isInteger(attemptId) && attemptId > 0;
  const result = useQuery({ ...attemptResultQuery(attemptId), enabled: valid });
  if (!valid) return <Empty description={t('no_attempt')} />;
  if (result.isError && !result.data) return <LoadFailed error={result.error} onRetry={() => result.refetch()} />;
  if (!result.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <ExamResultView
      result={result.data}
      extra={<Button onClick={() => navigate('/trainingcamp/myexamRecord')}>{t('back_to_records')}</Button>}
    />
  );
}
