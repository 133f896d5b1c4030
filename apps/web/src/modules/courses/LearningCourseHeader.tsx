import { ArrowLeftOutlined, CalendarOutlined, UserOutlined } from '@ant-design/icons';
import type { TCourseHome } from '@app/contracts';
import { Card, Col, Progress, Row, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { courseDates, LearningCourseCover, myCoursesPath } from './LearningCourseCard.tsx';
import { scoreText } from './LearningTaskState.tsx';

/** The top of a course's home: cover, name, teacher, category, dates, description, my progress and course score. */
export function LearningCourseHeader({ home }: { home: TCourseHome }) {
  const { t } = useTranslation('courses-learning');
  const phone = useIsPhone();
  const { course } = home;
  const dates = courseDates(course.starts_on, course.ends_on);
  const ended = course.ends_on !== null && course.ends_on < dayjs().format('YYYY-MM-DD');
  return (
    <Card
      data-testid="course-home-header"
      styles={phone ? { body: { padding: 12 } } : undefined}
      title={
        <Link to={myCoursesPath(home.finished ? 'finished' : 'in_progress')} data-testid="course-home-back">
          <ArrowLeftOutlined /> {t('my_courses_title')}
        </Link>
      }
    >
      <Row gutter={[16, 12]} align="middle">
        <Col xs={0} sm={6} md={5} lg={4}>
          <div style={{ borderRadius: 8, overflow: 'hidden' }}>
            <LearningCourseCover course={course} height={96} />
          </div>
        </Col>
        <Col xs={24} sm={18} md={11} lg={12}>
          <Typography.Title level={phone ? 5 : 4} style={{ marginTop: 0, overflowWrap: 'anywhere' }}>
            <span data-testid="course-home-name">{course.name}</span>
            {home.finished ? (
              <Tag color={ended ? 'default' : 'green'} style={{ marginInlineStart: 8, verticalAlign: 'middle' }}>
                {t(ended ? 'ended' : 'completed')}
              </Tag>
            ) : null}
          </Typography.Title>
          <div style={{ color: '#595959', display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
            <span>
              <UserOutlined /> {course.owner_name ? t('teacher', { name: course.owner_name }) : t('teacher_unknown')}
            </span>
            {course.category_name ? <span>{t('category', { name: course.category_name })}</span> : null}
            {dates ? (
              <span>
                <CalendarOutlined /> {dates}
              </span>
            ) : null}
          </div>
          {course.description ? (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (open) => t(open ? 'less' : 'more') }}
              style={{ margin: '8px 0 0', whiteSpace: 'pre-line' }}
            >
              {course.description}
            </Typography.Paragraph>
          ) : null}
        </Col>
        <Col xs={14} md={5} lg={5}>
          <div style={{ color: '#595959', fontSize: 13 }}>{t('progress')}</div>
          <Progress
            percent={home.progress}
            size="small"
            status={home.progress === 100 ? 'success' : 'normal'}
            aria-label={t('progress')}
            style={{ margin: 0 }}
            data-testid="course-home-progress"
          />
          <div style={{ fontSize: 13 }}>{t('tasks_done', { done: home.done_count, total: home.task_count })}</div>
        </Col>
        <Col xs={10} md={3} lg={3}>
          <Statistic
            title={t('course_score_title')}
            value={home.score === null ? t('no_score') : scoreText(home.score)}
            styles={{ content: { fontSize: phone ? 20 : 24 } }}
            data-testid="course-home-score"
          />
        </Col>
      </Row>
    </Card>
  );
}
