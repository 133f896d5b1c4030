import { PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { TCourseTaskView } from '@app/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * A live room's page for a student of its classes (the live-rooms module's `liveRoomPath` is not imported: that
 * module uses this one's teacher picker, and modules may not import each other both ways).
 */
export const studentLiveRoomPath = (roomId: number) => `/liveroom-detail?id=${roomId}`;

/** What a live task's line offers now: entering its room while live, its recording once ended with one. */
function liveActions(task: TCourseTaskView) {
  const room = task.live_room;
  if (task.kind !== 'live' || !room || task.state === 'locked') return { enter: null, recording: null };
  return {
    enter: room.status === 'live' ? room.id : null,
    recording: room.status === 'ended' ? room.recording_url : null,
  };
}

/** Whether a task has a live line under its row. */
export function hasLiveLine(task: TCourseTaskView): boolean {
  const { enter, recording } = liveActions(task);
  return enter !== null || recording !== null;
}

/**
 * Under a live task once it is open: "enter the room" while the room is live (the student's room page), "watch the
 * recording" once it ended with one (the video through the task, in a new tab). `testPrefix` names the buttons
 * (`<prefix>-enter-<task id>`, `<prefix>-recording-<task id>`).
 */
export function LearningLiveLine({
  task,
  testPrefix = 'course-live',
  indent = 34,
}: {
  task: TCourseTaskView;
  testPrefix?: string;
  indent?: number;
}) {
  const { t } = useTranslation('courses-learning');
  const navigate = useNavigate();
  const { enter, recording } = liveActions(task);
  if (enter === null && recording === null) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, paddingInlineStart: indent }}>
      {enter !== null ? (
        <Button
          type="primary"
          size="small"
          icon={<VideoCameraOutlined />}
          onClick={() => navigate(studentLiveRoomPath(enter))}
          data-testid={`${testPrefix}-enter-${task.id}`}
        >
          {t('live_enter')}
        </Button>
      ) : null}
      {recording !== null ? (
        <Button
          size="small"
          icon={<PlayCircleOutlined />}
          href={recording}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`${testPrefix}-recording-${task.id}`}
        >
          {t('live_recording')}
        </Button>
      ) : null}
    </div>
  );
}
