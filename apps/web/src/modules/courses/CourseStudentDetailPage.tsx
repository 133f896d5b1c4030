import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TCourseStudentDetail, TCourseStudentTask } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Collapse,
  Empty,
  Flex,
  Progress,
  Row,
  Space,
  Statistic,
  Table,
  type TableColumnType,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { detailFallback, detailParams } from '../../shared/detail-page.tsx';
import { formatTime } from '../../shared/format.ts';
import { parseId } from '../../shared/task-paths.ts';
import { courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import { courseStudentPath, minutesOf, STUDENT_DETAIL_TABS, type StudentDetailTab } from './CourseReportShared.tsx';
import { CourseStatusTag } from './CourseShared.tsx';
import { scoreText, TaskKindIcon, TaskStateTag } from './LearningTaskState.tsx';
import { courseStudentDetailQuery } from './queries.ts';

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

function StudentTasks({ detail }: { detail: TCourseStudentDetail }) {
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

function WrongByNode({ wrong }: { wrong: TCourseStudentDetail['wrong'] }) {
  const { t } = useTranslation('courses-reports');
  if (wrong.nodes.length === 0) return <Empty description={t('wrong_empty')} data-testid="student-wrong-empty" />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="student-wrong">
      <Typography.Text type="secondary">
        {t('wrong_summary', { count: wrong.question_count, answers: wrong.wrong_count })}
      </Typography.Text>
      <Collapse
        defaultActiveKey={wrong.nodes.slice(0, 1).map((node) => String(node.node_id))}
        items={wrong.nodes.map((node) => ({
          key: String(node.node_id),
          label: (
            <span data-testid={`wrong-node-${node.node_id ?? 'none'}`} style={{ overflowWrap: 'anywhere' }}>
              {node.node_name === null
                ? t('wrong_no_node')
                : node.map_name
                  ? t('wrong_node', { node: node.node_name, map: node.map_name })
                  : node.node_name}
            </span>
          ),
          extra: (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('wrong_node_figures', { count: node.question_count, answers: node.wrong_count })}
            </Typography.Text>
          ),
          children: (
            <>
              <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                {node.questions.map((question) => (
                  <li key={question.id} style={{ marginBottom: 4 }}>
                    <Flex justify="space-between" gap={12}>
                      <span style={{ overflowWrap: 'anywhere' }}>{question.stem}</span>
                      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                        {t('wrong_times', { count: question.wrong_count })}
                      </Typography.Text>
                    </Flex>
                  </li>
                ))}
              </ol>
              {node.question_count > node.questions.length && (
                <Typography.Text type="secondary">
                  {t('wrong_more', { count: node.question_count - node.questions.length })}
                </Typography.Text>
              )}
            </>
          ),
        }))}
      />
    </Space>
  );
}

/**
 * `/course/user/detail/{tab}/{id}?course_id=`: one student of a course for its teachers (docs/courses.md "Per-student
 * detail and class comparison"): who and which class, the figures, then every task as the student sees it (tab
 * `tasks`) and the questions answered wrong in the course's practice and exams by knowledge node (tab `wrong`).
 */
export function CourseStudentDetailPage() {
  const { t } = useTranslation(['courses-reports', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { tab, id: userId } = detailParams(STUDENT_DETAIL_TABS, useParams());
  const courseId = parseId(search.get('course_id'));
  const detail = useQuery({
    ...courseStudentDetailQuery(courseId ?? 0, userId ?? 0),
    enabled: courseId !== null && userId !== null,
  });
  const back = courseMatrixPath(courseId ?? undefined);
  const fallback = detailFallback(t, detail, courseId === null ? null : userId, back);
  if (fallback) return fallback;
  const data = detail.data!;
  const { student, figures, course } = data;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="student-detail">
      <Card
        title={
          <Space wrap size={[8, 4]}>
            <Tooltip title={t('back_to_list')}>
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                aria-label={t('back_to_list')}
                onClick={() => navigate(back)}
              />
            </Tooltip>
            <span data-testid="student-detail-name" data-user-content>
              {student.nickname || student.username}
            </span>
            <Typography.Text type="secondary" data-user-content>
              {student.username}
            </Typography.Text>
          </Space>
        }
      >
        <Flex wrap gap="4px 24px" style={{ marginBottom: 16 }}>
          <Flex align="center" gap={4}>
            <span>{t('course_label')}</span>
            <Link to={back} data-user-content style={{ marginInlineEnd: 8 }}>
              {course.name}
            </Link>
            <CourseStatusTag status={course.status} />
          </Flex>
          <span>
            {t('class_label')}
            <span data-user-content>{student.class_name}</span>
          </span>
        </Flex>
        <Row gutter={[24, 12]}>
          <Col xs={24} sm={12} md={8}>
            <div style={{ color: 'rgba(0, 0, 0, 0.65)', fontSize: 14 }}>{t('progress')}</div>
            <Progress percent={figures.progress} aria-label={t('progress')} data-testid="student-detail-progress" />
            <Typography.Text type="secondary">
              {t('tasks_done', { done: figures.done_count, total: figures.task_count })}
            </Typography.Text>
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Statistic
              title={t('course_score')}
              value={figures.score === null ? '—' : scoreText(figures.score)}
              data-testid="student-detail-score"
            />
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Statistic title={t('overdue_tasks')} value={figures.overdue_count} />
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Statistic title={t('minutes_spent')} value={minutesOf(figures.seconds_spent)} />
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Statistic title={t('wrong_questions')} value={data.wrong.question_count} />
          </Col>
        </Row>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) =>
            navigate(courseStudentPath(course.id, student.user_id, key as StudentDetailTab), { replace: true })
          }
          items={[
            {
              key: 'tasks',
              label: <span data-testid="student-tab-tasks">{t('tab_tasks')}</span>,
              children: <StudentTasks detail={data} />,
            },
            {
              key: 'wrong',
              label: <span data-testid="student-tab-wrong">{t('tab_wrong')}</span>,
              children: <WrongByNode wrong={data.wrong} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
