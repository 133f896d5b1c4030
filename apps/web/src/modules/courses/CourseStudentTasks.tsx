import type { TCourseStudentDetail, TCourseStudentTask } from '@app/contracts';
import { Empty, Flex, Table, type TableColumnType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { minutesOf } from './CourseReportShared.tsx';
import { scoreText, TaskKindIcon, TaskStateTag } from './LearningTaskState.tsx';

// The per-student detail's tasks tab: every task as the student sees it, with their attempts and time.

const TASK_PAGE_SIZE = 50;

function taskColumns(t: TFunction): TableColumnType<TCourseStudentTask>[] {
  return [
    {
      key: 'task',
      title: t('col_task'),
      render: (_: unknown, task) => (
        <Flex align="center" gap={8} style={{ minWidth: 220, maxWidth: 380 }}>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {`${task.chapter_seq}.${task.seq}`}
          </Typography.Text>
          <TaskKindIcon task={{ kind: task.kind, material: null }} />
          <span style={{ overflowWrap: 'anywhere' }} title={task.chapter_title}>
            {task.title}
          </span>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('col_state'),
      width: 120,
      render: (_: unknown, task) => <TaskStateTag state={task.state} testId={`student-task-state-${task.id}`} />,
    },
    {
      key: 'score',
      title: t('col_score'),
      dataIndex: 'score',
      width: 90,
      align: 'right',
      render: (score: number | null) => (score === null ? '—' : scoreText(score)),
    },
    {
      key: 'attempts',
      title: <Tooltip title={t('col_attempts_help')}>{t('col_attempts')}</Tooltip>,
      width: 150,
      render: (_: unknown, task) =>
        task.kind === 'material' ? (
          // A material's self-test (not in the course score): attempts, best and last score.
          task.self_test && task.self_test.attempts > 0 ? (
            <span data-testid={`student-task-self-test-${task.id}`}>
              {t('self_test_text', {
                count: task.self_test.attempts,
                best: task.self_test.best_score,
                last: task.self_test.last_score,
              })}
            </span>
          ) : (
            '—'
          )
        ) : task.attempt_count === 0 ? (
          0
        ) : task.kind === 'live' ? (
          // A live task: the times the student entered the room.
          t('stays_text', { count: task.attempt_count })
        ) : (
          <>
            {t('attempts_text', { count: task.attempt_count, finished: task.finished_count })}
            {task.last_attempt_id === null ? null : (
              <Link
                to={`/trainingcamp/stuExamDetail?attempt_id=${task.last_attempt_id}`}
                style={{ marginLeft: 8 }}
                data-testid={`student-task-answers-${task.id}`}
              >
                {t('last_answers')}
              </Link>
            )}
            {task.last_run_id === null ? null : (
              <Link
                to={`/course/interact/detail?run_id=${task.last_run_id}`}
                style={{ marginLeft: 8 }}
                data-testid={`student-task-run-${task.id}`}
              >
                {t('last_run')}
              </Link>
            )}
          </>
        ),
    },
    {
      key: 'time',
      title: t('col_minutes'),
      dataIndex: 'seconds_spent',
      width: 110,
      align: 'right',
      render: (seconds: number, task) => (task.kind === 'material' ? minutesOf(seconds) : '—'),
    },
    {
      key: 'due',
      title: t('col_due'),
      dataIndex: 'due_at',
      width: 160,
      render: (due: string | null) => (due ? formatTime(due) : '—'),
    },
    { key: 'weight', title: t('col_weight'), dataIndex: 'weight', width: 80, align: 'right' },
  ];
}

export function StudentTasks({ detail }: { detail: TCourseStudentDetail }) {
  const { t } = useTranslation('courses-reports');
  const columns = useMemo(() => taskColumns(t), [t]);
  if (detail.tasks.length === 0) return <Empty description={t('tasks_empty')} />;
  return (
    <Table<TCourseStudentTask>
      size="small"
      rowKey="id"
      dataSource={detail.tasks}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={detail.tasks.length > TASK_PAGE_SIZE ? { pageSize: TASK_PAGE_SIZE, showSizeChanger: false } : false}
      data-testid="student-tasks"
    />
  );
}
