import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TCourseStudentDetail } from '@app/contracts';
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
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { detailFallback, detailParams } from '../../shared/detail-page.tsx';
import { parseId } from '../../shared/task-paths.ts';
import { courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import { courseStudentPath, minutesOf, STUDENT_DETAIL_TABS, type StudentDetailTab } from './CourseReportShared.tsx';
import { CourseStatusTag } from './CourseShared.tsx';
import { StudentTasks } from './CourseStudentTasks.tsx';
import { scoreText } from './LearningTaskState.tsx';
import { courseStudentDetailQuery } from './queries.ts';

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
