import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TCourseChapter, TCourseTask, TCourseTaskKind } from '@app/contracts';
import { Button, Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { CourseExamAnalysisAction, CourseExamPreviewAction } from './CourseExamLinks.tsx';
import { datesText, rowTestId } from './CourseShared.tsx';

const KIND_COLOR: Record<TCourseTaskKind, string> = {
  material: 'blue',
  practice: 'green',
  exam: 'red',
  random_exam: 'volcano',
  homework: 'gold',
  interact: 'cyan',
  live: 'purple',
};

export function TaskKindTag({ kind }: { kind: TCourseTaskKind }) {
  const { t } = useTranslation('courses');
  return <Tag color={KIND_COLOR[kind]}>{t(`kind_${kind}`)}</Tag>;
}

/**
 * What a task points at, in a few words: the practice set, the exam, the interaction, the live room and its start, or
 * the material's link or text.
 */
function SourceText({ task }: { task: TCourseTask }) {
  const { t } = useTranslation('courses');
  const room = task.live_room;
  const text =
    task.practice_set_name ??
    task.exam_name ??
    task.interaction_title ??
    (room ? t('task_live_room_text', { title: room.title, time: formatTime(room.starts_at) }) : null) ??
    task.source_title ??
    (task.material?.type === 'link' ? task.material.url : task.material?.type === 'text' ? t('material_text') : null);
  return text ? (
    <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ maxWidth: 280, display: 'block' }}>
      {text}
    </Typography.Text>
  ) : null;
}

type Move = 'up' | 'down';

/**
 * One chapter of the editor: its number, title and dates, and its tasks in order; with `editable`, the chapter's
 * rename, move and delete, and each task's edit, move and delete.
 */
export function CourseChapterCard({
  chapter,
  first,
  last,
  editable,
  busy,
  onEdit,
  onMove,
  onDelete,
  onAddTask,
  onEditTask,
  onMoveTask,
  onDeleteTask,
}: {
  chapter: TCourseChapter;
  first: boolean;
  last: boolean;
  editable: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (move: Move) => void;
  onDelete: () => void;
  onAddTask: () => void;
  onEditTask: (task: TCourseTask) => void;
  onMoveTask: (task: TCourseTask, move: Move) => void;
  onDeleteTask: (task: TCourseTask) => void;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const icon = (label: string, node: ReactNode, onClick: () => void, testId: string, disabled = false) => (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={node}
        aria-label={label}
        disabled={disabled || busy}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
  const lastTask = chapter.tasks.length - 1;

  return (
    <Card
      size="small"
      data-testid={`chapter-${chapter.id}`}
      title={
        <Space wrap size={[8, 0]}>
          <span>
            {chapter.seq}. {chapter.title}
          </span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {datesText(chapter.starts_on, chapter.ends_on)}
          </Typography.Text>
        </Space>
      }
      extra={
        editable && (
          <Space size={0}>
            {icon(t('move_up'), <ArrowUpOutlined />, () => onMove('up'), `chapter-up-${chapter.id}`, first)}
            {icon(t('move_down'), <ArrowDownOutlined />, () => onMove('down'), `chapter-down-${chapter.id}`, last)}
            {icon(t('chapter_edit'), <EditOutlined />, onEdit, `chapter-edit-${chapter.id}`)}
            {icon(t('chapter_delete'), <DeleteOutlined />, onDelete, `chapter-delete-${chapter.id}`)}
          </Space>
        )
      }
    >
      {chapter.tasks.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={editable ? t('tasks_empty_editable') : t('tasks_empty')}
        />
      ) : (
        <ResponsiveTable<TCourseTask>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={chapter.tasks}
          scroll={{ x: 900 }}
          onRow={(task) => rowTestId(`task-row-${task.id}`)}
          columns={[
            { title: '#', dataIndex: 'seq', width: 44, phone: 'hidden' },
            {
              title: t('task_title'),
              dataIndex: 'title',
              phone: 'title',
              render: (title: string, task) => (
                <Space orientation="vertical" size={0}>
                  <Space size={4} wrap>
                    <TaskKindTag kind={task.kind} />
                    <Typography.Text strong>{title}</Typography.Text>
                  </Space>
                  <SourceText task={task} />
                </Space>
              ),
            },
            { title: t('open_at'), dataIndex: 'open_at', width: 140, render: (v: string | null) => formatTime(v) },
            { title: t('due_at'), dataIndex: 'due_at', width: 140, render: (v: string | null) => formatTime(v) },
            { title: t('weight'), dataIndex: 'weight', width: 70 },
            {
              title: t('release'),
              dataIndex: 'release',
              width: 130,
              render: (r: TCourseTask['release']) => t(`release_short_${r}`),
            },
            ...(editable
              ? [
                  {
                    title: t('common:actions'),
                    width: 180,
                    phone: 'actions' as const,
                    render: (_: unknown, task: TCourseTask) => (
                      <Space size={0}>
                        {task.exam_id !== null && <CourseExamPreviewAction examId={task.exam_id} taskId={task.id} />}
                        {task.exam_id !== null && <CourseExamAnalysisAction examId={task.exam_id} taskId={task.id} />}
                        {icon(t('task_edit'), <EditOutlined />, () => onEditTask(task), `task-edit-${task.id}`)}
                        {icon(
                          t('move_up'),
                          <ArrowUpOutlined />,
                          () => onMoveTask(task, 'up'),
                          `task-up-${task.id}`,
                          task.seq === 1,
                        )}
                        {icon(
                          t('move_down'),
                          <ArrowDownOutlined />,
                          () => onMoveTask(task, 'down'),
                          `task-down-${task.id}`,
                          task.seq === lastTask + 1,
                        )}
                        {icon(t('task_delete'), <DeleteOutlined />, () => onDeleteTask(task), `task-delete-${task.id}`)}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editable && (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={onAddTask}
          style={{ marginTop: 12 }}
          data-testid={`task-add-${chapter.id}`}
        >
          {t('task_add')}
        </Button>
      )}
    </Card>
  );
}
