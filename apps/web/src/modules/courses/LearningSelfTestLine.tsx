import { FormOutlined } from '@ant-design/icons';
import type { TCourseSelfTestFigures, TCourseTaskView } from '@app/contracts';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selfTestPath } from './queries.ts';

/** "5 questions · best 80 · last 60 · 3 attempts", or "not taken yet". */
export function LearningSelfTestFigures({ figures }: { figures: TCourseSelfTestFigures }) {
  const { t } = useTranslation('courses-learning');
  const parts = [t('self_test_questions', { count: figures.question_count })];
  if (figures.attempts === 0) parts.push(t('self_test_not_taken'));
  else
    parts.push(
      t('self_test_best', { score: figures.best_score }),
      t('self_test_last', { score: figures.last_score }),
      t('self_test_attempts', { count: figures.attempts }),
    );
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="self-test-figures">
      {parts.join(' · ')}
    </Typography.Text>
  );
}

/**
 * Under a material task with a self-test, once it is open: a button to the self-test page and my figures on it.
 * `testPrefix` names the button (`<prefix>-<task id>`).
 */
export function LearningSelfTestLine({
  task,
  testPrefix = 'course-self-test',
  indent = 34,
}: {
  task: TCourseTaskView;
  testPrefix?: string;
  indent?: number;
}) {
  const { t } = useTranslation('courses-learning');
  const navigate = useNavigate();
  if (!task.self_test || task.state === 'locked') return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, paddingInlineStart: indent }}>
      <Button
        size="small"
        icon={<FormOutlined />}
        onClick={() => navigate(selfTestPath(task.id))}
        data-testid={`${testPrefix}-${task.id}`}
      >
        {t('self_test_open')}
      </Button>
      <LearningSelfTestFigures figures={task.self_test} />
    </div>
  );
}
