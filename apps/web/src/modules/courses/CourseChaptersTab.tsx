import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import type { TCourseChapter, TCourseDetail, TCourseTask } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Empty, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { CourseChapterCard } from './CourseChapterCard.tsx';
import { CourseChapterModal, CourseWeeksModal } from './CourseChapterModal.tsx';
import { confirmDelete } from './CourseShared.tsx';
import { CourseTaskDrawer } from './CourseTaskDrawer.tsx';
import {
  deleteCourseChapter,
  deleteCourseTask,
  moveCourseChapter,
  moveCourseTask,
  useCourseSaved,
  useCoursesChanged,
} from './queries.ts';

type Dialog =
  | { kind: 'weeks' }
  | { kind: 'chapter'; chapter?: TCourseChapter }
  | { kind: 'task'; chapterId: number; task?: TCourseTask };

/**
 * The editor's chapters tab: the course's chapters in order with their tasks. Who may edit (not a viewer, not an
 * archived course) adds weeks or single chapters, renames, re-dates, moves and deletes chapters, and adds, changes,
 * moves and deletes tasks; deleting what students have worked on asks a second time.
 */
export function CourseChaptersTab({ course, editable }: { course: TCourseDetail; editable: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const { message, modal } = App.useApp();
  const changed = useCoursesChanged();
  const saved = useCourseSaved();
  const [dialog, setDialog] = useState<{ seq: number; open: Dialog } | null>(null);
  const open = (next: Dialog) => setDialog((d) => ({ seq: (d?.seq ?? 0) + 1, open: next }));
  const close = () => setDialog(null);
  const closeAndRefresh = () => {
    setDialog(null);
    void changed();
  };

  const move = useMutation({
    mutationFn: (action: { chapter: TCourseChapter; to: number } | { task: TCourseTask; to: number }) =>
      'chapter' in action
        ? moveCourseChapter(action.chapter.id, action.to)
        : moveCourseTask(action.task.id, action.task.chapter_id, action.to),
    onSettled: () => changed(),
    onError: (error) => showError(error),
  });

  const deleteChapter = (chapter: TCourseChapter) =>
    confirmDelete({
      modal,
      t,
      title: t('chapter_delete_confirm', { name: chapter.title }),
      content: chapter.tasks.length ? t('chapter_delete_text', { count: chapter.tasks.length }) : undefined,
      run: (force) => deleteCourseChapter(chapter.id, force),
      onDone: async () => {
        void message.success(t('chapter_deleted'));
        await changed();
      },
    });
  const deleteTask = (task: TCourseTask) =>
    confirmDelete({
      modal,
      t,
      title: t('task_delete_confirm', { name: task.title }),
      run: (force) => deleteCourseTask(task.id, force),
      onDone: async () => {
        void message.success(t('task_deleted'));
        await changed();
      },
    });

  const chapters = course.chapters;
  const taskCount = chapters.reduce((n, c) => n + c.tasks.length, 0);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="course-chapters">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          {t('chapters_summary', { chapters: chapters.length, count: taskCount })}
        </Typography.Text>
        {editable && (
          <Space wrap>
            <Button
              type="primary"
              icon={<CalendarOutlined />}
              onClick={() => open({ kind: 'weeks' })}
              data-testid="chapter-add-weeks"
            >
              {t('weeks_add')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => open({ kind: 'chapter' })} data-testid="chapter-add">
              {t('chapter_add')}
            </Button>
          </Space>
        )}
      </Space>
      {chapters.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={editable ? t('chapters_empty_editable') : t('chapters_empty')}
          data-testid="chapters-empty"
        />
      ) : (
        chapters.map((chapter, index) => (
          <CourseChapterCard
            key={chapter.id}
            chapter={chapter}
            first={index === 0}
            last={index === chapters.length - 1}
            editable={editable}
            busy={move.isPending}
            onEdit={() => open({ kind: 'chapter', chapter })}
            onMove={(dir) => move.mutate({ chapter, to: chapter.seq + (dir === 'up' ? -1 : 1) })}
            onDelete={() => deleteChapter(chapter)}
            onAddTask={() => open({ kind: 'task', chapterId: chapter.id })}
            onEditTask={(task) => open({ kind: 'task', chapterId: chapter.id, task })}
            onMoveTask={(task, dir) => move.mutate({ task, to: task.seq + (dir === 'up' ? -1 : 1) })}
            onDeleteTask={deleteTask}
          />
        ))
      )}
      {dialog?.open.kind === 'weeks' && (
        <CourseWeeksModal
          key={dialog.seq}
          course={course}
          onClose={close}
          onSaved={async (detail) => {
            setDialog(null);
            await saved(detail);
          }}
        />
      )}
      {dialog?.open.kind === 'chapter' && (
        <CourseChapterModal
          key={dialog.seq}
          courseId={course.id}
          chapter={dialog.open.chapter}
          onClose={close}
          onSaved={closeAndRefresh}
        />
      )}
      {dialog?.open.kind === 'task' && (
        <CourseTaskDrawer
          key={dialog.seq}
          courseId={course.id}
          chapters={chapters}
          chapterId={dialog.open.chapterId}
          task={dialog.open.task}
          onClose={close}
          onSaved={closeAndRefresh}
        />
      )}
    </Space>
  );
}
