import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { QuestionEditor } from './QuestionEditor.tsx';
import { questionDetailQuery } from './queries.ts';
import { idParam, useQuestionRoutes } from './question-routes.ts';
import './question-bank.css';

/** Loads the question of `id` (when given) and opens the editor on it; a new question otherwise. */
export function QuestionEditorLoader({ id, categoryId }: { id: number | null; categoryId: number | null }) {
  const { t } = useTranslation('question-bank');
  const routes = useQuestionRoutes();
  const question = useQuery({ ...questionDetailQuery(id ?? 0), enabled: id !== null, staleTime: 0 });
  const [fresh, setFresh] = useState(0);
  const restart = useCallback(() => setFresh((n) => n + 1), []);
  if (id === null) return <QuestionEditor key={fresh} presetCategoryId={categoryId ?? undefined} onLeft={restart} />;
  if (question.error instanceof ApiError && question.error.code === 'not_found') {
    return (
      <Card>
        <Result
          status="404"
          title={t('question_not_found')}
          extra={<Link to={routes.list}>{t('back_to_list')}</Link>}
        />
      </Card>
    );
  }
  if (question.isError && !question.data)
    return <LoadFailed error={question.error} onRetry={() => question.refetch()} />;
  if (!question.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (!question.data.editable) {
    return (
      <Card>
        <Result status="403" title={t('question_not_editable')} />
      </Card>
    );
  }
  return <QuestionEditor key={question.data.id} question={question.data} />;
}

/** `/dataset/edit-data`: `?id=` edits a question, `?category_id=` starts a new one in that category. */
export function QuestionEditorPage() {
  const [params] = useSearchParams();
  return <QuestionEditorLoader id={idParam(params.get('id'))} categoryId={idParam(params.get('category_id'))} />;
}
