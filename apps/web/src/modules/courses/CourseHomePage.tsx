import type { TCourseTaskView } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, Result, Skeleton, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { myCoursesPath } from './LearningCourseCard.tsx';
import { LearningCourseHeader } from './LearningCourseHeader.tsx';
import { studentLiveRoomPath } from './LearningLiveLine.tsx';
import { LearningMaterialReader } from './LearningMaterialReader.tsx';
import { useTaskPractice } from './LearningPracticeStart.tsx';
import { LearningChapters, LearningTaskRow } from './LearningTaskList.tsx';
import { courseHomeQuery } from './queries.ts';

/** The pre-exam page of an exam task, flagged as reached from a course. */
export const courseExamPath = (examId: number) => `/trainingcamp/pre-exam?id=${examId}&from=courseWeek`;

/** The time now, moved on every minute (due times in words follow it). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Why a live task opens nothing now: no room, a room not started yet, or an ended one without a recording. */
function liveInfo(t: TFunction, task: TCourseTaskView): string {
  const room = task.live_room;
  if (!room) return t('live_no_room_info');
  if (room.status === 'scheduled') return t('live_not_started_info', { time: formatTime(room.starts_at) });
  return t('live_no_recording_info');
}

/** A valid `?id=`, else null. */
function courseIdParam(value: string | null): number | null {
  const id = value && /^\d{1,15}$/.test(value) ? Number(value) : 0;
  return id > 0 ? id : null;
}

/**
 * `/course/trainingcamp/trainDetail?id=`: one course of my class. The header (name, teacher, dates, progress, score),
 * what is due this week first (soonest first), then the chapters with each task's state; a task opens by its kind:
 * material in the reader, practice through the practice module's start flow, an exam on its pre-exam page, an
 * interaction's live screen or result, a live task's room while live or its recording once ended. Locked
 * tasks show why and do not open. A course I may not see (not_found) says so with a way back to my courses.
 */
export function CourseHomePage() {
  const { t } = useTranslation(['courses-learning', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const [params] = useSearchParams();
  const id = courseIdParam(params.get('id'));
  const home = useQuery({ ...courseHomeQuery(id ?? 0), enabled: id !== null });
  const practice = useTaskPractice();
  const [reading, setReading] = useState<TCourseTaskView | null>(null);
  const now = useNow();

  if (id === null || (home.error instanceof ApiError && home.error.code === 'not_found'))
    return (
      <Card data-testid="course-home-not-found">
        <Result
          status="404"
          title={t('not_found_title')}
          subTitle={t('not_found_help')}
          extra={
            <Button type="primary" onClick={() => navigate(myCoursesPath())} data-testid="course-home-to-list">
              {t('back_to_my_courses')}
            </Button>
          }
        />
      </Card>
    );
  if (home.isError && !home.data) return <LoadFailed error={home.error} onRetry={() => home.refetch()} />;
  if (!home.data)
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="course-home-loading">
        <Card>
          <Skeleton active avatar={{ shape: 'square', size: 72 }} paragraph={{ rows: 2 }} />
        </Card>
        <Card>
          <Skeleton active title={{ width: 160 }} paragraph={{ rows: 3 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Space>
    );
  const data = home.data;

  const open = (task: TCourseTaskView) => {
    if (task.state === 'locked') return;
    if (task.kind === 'material') setReading(task);
    else if (task.kind === 'practice' && task.practice_set_id !== null)
      void practice.start(task.practice_set_id, task.id, task.open_session_id);
    else if ((task.kind === 'exam' || task.kind === 'random_exam' || task.kind === 'homework') && task.exam_id !== null)
      void navigate(courseExamPath(task.exam_id));
    // An interact task: the live screen of the run open now, else the result of the last one answered in.
    else if (task.kind === 'interact' && (task.open_run_id ?? task.last_run_id) !== null)
      void navigate(`/course/interactExam?run_id=${task.open_run_id ?? task.last_run_id}`);
    else if (task.kind === 'interact') void message.info(t('interact_no_run'));
    // A live task: its room while live, its recording once ended with one, else what to wait for.
    else if (task.kind === 'live' && task.live_room?.status === 'live')
      void navigate(studentLiveRoomPath(task.live_room.id));
    else if (task.kind === 'live' && task.live_room?.recording_url)
      window.open(task.live_room.recording_url, '_blank', 'noopener');
    else if (task.kind === 'live') void message.info(liveInfo(t, task));
    else void message.info(t('kind_unavailable'));
  };

  const cardPadding = phone ? { body: { padding: '4px 12px 8px' } } : undefined;
  return (
    <>
      <Space
        orientation="vertical"
        size={phone ? 'small' : 'middle'}
        style={{ width: '100%' }}
        data-testid="course-home"
      >
        <LearningCourseHeader home={data} />
        <Card
          data-testid="course-due-week"
          styles={cardPadding}
          title={
            <Space>
              {t('due_week_title')}
              <Badge
                count={data.due_this_week.length}
                color={data.due_this_week.length ? '#cf1322' : '#8c8c8c'}
                showZero
              />
            </Space>
          }
        >
          {data.due_this_week.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('due_week_empty')} />
          ) : (
            data.due_this_week.map((task) => (
              <LearningTaskRow
                key={task.id}
                task={task}
                now={now}
                onOpen={open}
                busy={practice.loadingTaskId === task.id}
                testPrefix="course-due-task"
              />
            ))
          )}
        </Card>
        <Card title={t('chapters_title')} styles={phone ? { body: { padding: 8 } } : undefined}>
          <LearningChapters chapters={data.chapters} now={now} onOpen={open} busyTaskId={practice.loadingTaskId} />
        </Card>
      </Space>
      {reading ? (
        <LearningMaterialReader task={reading} courseId={data.course.id} onClose={() => setReading(null)} />
      ) : null}
      {practice.dialogs}
    </>
  );
}
