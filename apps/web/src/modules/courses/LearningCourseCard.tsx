import { CalendarOutlined, TrophyOutlined, UserOutlined } from '@ant-design/icons';
import type { TMyCourseRow } from '@app/contracts';
import { Card, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textColorOn } from '../../shared/ColorTag.tsx';
import { formatDay } from '../../shared/format.ts';
import { scoreText } from './LearningTaskState.tsx';

/** The course home of a student (`/course/trainingcamp/trainDetail?id=`). */
export const courseHomePath = (id: number) => `/course/trainingcamp/trainDetail?id=${id}`;
/** My courses, on a tab. */
export const myCoursesPath = (tab: 'in_progress' | 'finished' = 'in_progress') => `/course/student-list/${tab}`;

/** Placeholder colours of a course without a cover (picked by its id, so a course keeps its colour). */
const PLACEHOLDER_COLORS = ['#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#faad14'];

/** "2025-09-01 – 2026-01-15", one side only, or null without dates. */
export function courseDates(startsOn: string | null, endsOn: string | null): string | null {
  if (!startsOn && !endsOn) return null;
  return `${formatDay(startsOn)} – ${formatDay(endsOn)}`;
}

/** A course's cover image, or a coloured block with its initial when it has none (or it does not load). */
export function LearningCourseCover({
  course,
  height,
}: {
  course: Pick<TMyCourseRow, 'id' | 'name' | 'cover'>;
  height: number;
}) {
  const [broken, setBroken] = useState(false);
  if (course.cover && !broken)
    return (
      <img
        src={course.cover}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        style={{ display: 'block', width: '100%', height, objectFit: 'cover' }}
      />
    );
  const color = PLACEHOLDER_COLORS[course.id % PLACEHOLDER_COLORS.length]!;
  return (
    <div
      aria-hidden
      style={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: color,
        color: textColorOn(color),
        fontSize: Math.round(height / 2.4),
        fontWeight: 600,
      }}
    >
      {[...course.name.trim()][0]?.toUpperCase() ?? '?'}
    </div>
  );
}

/** One of my courses as a card: cover, name, teacher, category, dates, progress (done of all tasks) and score. */
export function LearningCourseCard({ course, compact }: { course: TMyCourseRow; compact: boolean }) {
  const { t } = useTranslation('courses-learning');
  const dates = courseDates(course.starts_on, course.ends_on);
  return (
    <Link
      to={courseHomePath(course.id)}
      data-testid={`my-course-card-${course.id}`}
      style={{ display: 'block', height: '100%' }}
    >
      <Card
        hoverable
        cover={<LearningCourseCover course={course} height={compact ? 112 : 140} />}
        style={{ height: '100%' }}
        styles={{ body: { padding: compact ? 12 : 16 } }}
      >
        <Typography.Paragraph
          strong
          ellipsis={{ rows: 2, tooltip: course.name }}
          style={{ marginBottom: 8, fontSize: 16 }}
        >
          {course.name}
        </Typography.Paragraph>
        <div style={{ color: '#595959', fontSize: 13, display: 'grid', gap: 4 }}>
          <span style={{ overflowWrap: 'anywhere' }}>
            <UserOutlined /> {course.owner_name ?? t('teacher_unknown')}
            {course.category_name ? (
              <Tag style={{ marginInlineStart: 8 }} data-testid={`my-course-category-${course.id}`}>
                {course.category_name}
              </Tag>
            ) : null}
          </span>
          {dates ? (
            <span>
              <CalendarOutlined /> {dates}
            </span>
          ) : null}
        </div>
        <Progress
          percent={course.progress}
          size="small"
          status={course.finished && course.progress === 100 ? 'success' : 'normal'}
          aria-label={t('progress')}
          style={{ margin: '10px 0 0' }}
        />
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: 13, flexWrap: 'wrap' }}>
          <span data-testid={`my-course-done-${course.id}`}>
            {t('tasks_done', { done: course.done_count, total: course.task_count })}
          </span>
          {course.score === null ? null : (
            <span data-testid={`my-course-score-${course.id}`} style={{ color: '#ad4e00' }}>
              <TrophyOutlined /> {t('course_score', { score: scoreText(course.score) })}
            </span>
          )}
        </div>
      </Card>
    </Link>
  );
}
