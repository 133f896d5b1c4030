import {
  CheckOutlined,
  CommentOutlined,
  EditOutlined,
  ExclamationOutlined,
  FileDoneOutlined,
  FileSyncOutlined,
  FileTextOutlined,
  FormOutlined,
  LockOutlined,
  MinusOutlined,
  SyncOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { TCourseMatrix, TCourseMatrixRow, TCourseTaskKind, TCourseTaskState } from '@app/contracts';
import { PAGE_SIZES } from '@app/contracts/lists.ts';
import { Flex, Progress, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { courseStudentPath } from './CourseReportShared.tsx';
import { rowTestId } from './CourseShared.tsx';
import { scoreText } from './LearningTaskState.tsx';

type MatrixTask = TCourseMatrix['tasks'][number];

/** The states in the legend's order: how far a student got, then the two that need a look. */
const STATES: readonly TCourseTaskState[] = ['done', 'in_progress', 'not_started', 'overdue', 'locked'];

/**
 * A cell's look: done green (with the score), in progress gold, not started grey, overdue red, locked a light
 * outline with a lock. Preset tag colours, whose text the app's styles keep readable.
 */
const LOOK: Record<TCourseTaskState, { color?: string; icon: ReactNode; style?: CSSProperties }> = {
  done: { color: 'green', icon: <CheckOutlined /> },
  in_progress: { color: 'gold', icon: <SyncOutlined /> },
  not_started: { icon: <MinusOutlined /> },
  overdue: { color: 'red', icon: <ExclamationOutlined /> },
  locked: {
    icon: <LockOutlined />,
    style: { background: 'transparent', borderStyle: 'dashed', color: 'rgba(0, 0, 0, 0.45)' },
  },
};

const KIND_ICON: Record<TCourseTaskKind, ReactNode> = {
  material: <FileTextOutlined />,
  practice: <EditOutlined />,
  exam: <FileDoneOutlined />,
  random_exam: <FileSyncOutlined />,
  homework: <FormOutlined />,
  interact: <CommentOutlined />,
  live: <VideoCameraOutlined />,
};

/** The fixed columns' widths (student, class, progress, score) and a task column's. */
const WIDTH = { student: 170, class: 120, progress: 160, score: 90, task: 56 } as const;
const FIXED_WIDTH = WIDTH.student + WIDTH.class + WIDTH.progress + WIDTH.score;

/** A task's number in the course: its chapter's, then its own ("1.2"). */
const taskCode = (task: MatrixTask) => `${task.chapter_seq}.${task.seq}`;

const ELLIPSIS: CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/** The small square of a state: the score of a done task (a tick while it has none), else the state's icon. */
export function StateSquare({
  state,
  score = null,
  testId,
  title,
}: {
  state: TCourseTaskState;
  score?: number | null;
  testId?: string;
  /** The browser's own tooltip (a cell of a big matrix: thousands of antd tooltips would slow the page). */
  title?: string;
}) {
  const look = LOOK[state];
  const content = state === 'done' && score !== null ? scoreText(score) : look.icon;
  return (
    <Tag
      color={look.color}
      data-testid={testId}
      data-state={state}
      title={title}
      style={{ width: 40, marginInlineEnd: 0, paddingInline: 0, textAlign: 'center', ...look.style }}
    >
      {content}
    </Tag>
  );
}

/** What the squares mean: one of each state with its name. */
export function CourseMatrixLegend() {
  const { t } = useTranslation('courses');
  return (
    <Flex wrap gap="4px 16px" style={{ marginBottom: 12 }} data-testid="matrix-legend">
      {STATES.map((state) => (
        <Flex key={state} align="center" gap={6}>
          <StateSquare state={state} />
          <span>{t(`state_${state}`)}</span>
        </Flex>
      ))}
    </Flex>
  );
}

/** A task's header tooltip: its number and title, kind, due time and weight. */
function taskTip(t: TFunction, task: MatrixTask): ReactNode {
  const facts = [t(`courses:kind_${task.kind}`)];
  if (task.due_at) facts.push(t('courses:matrix_task_due', { time: formatTime(task.due_at) }));
  if (task.weight > 0) facts.push(t('courses:matrix_task_weight', { weight: task.weight }));
  return (
    <>
      <div>{`${taskCode(task)} ${task.title}`}</div>
      <div>{facts.join(' · ')}</div>
    </>
  );
}

/** A cell's tooltip: whose cell and which task, then the state and the score (two lines of plain text). */
function cellTip(t: TFunction, row: TCourseMatrixRow, task: MatrixTask, index: number): string | undefined {
  const cell = row.cells[index];
  if (!cell) return undefined;
  const state = t(`courses:state_${cell.state}`);
  const score =
    cell.state !== 'done'
      ? state
      : cell.score === null
        ? t('courses:matrix_cell_score_pending', { state })
        : t('courses:matrix_cell_score', { state, score: scoreText(cell.score) });
  return `${row.nickname || row.username} · ${taskCode(task)} ${task.title}\n${score}`;
}

function matrixColumns(
  t: TFunction,
  tasks: readonly MatrixTask[],
  courseId: number,
): TableColumnType<TCourseMatrixRow>[] {
  const total = tasks.length;
  const fixed: TableColumnType<TCourseMatrixRow>[] = [
    {
      key: 'student',
      title: t('courses:matrix_col_student'),
      width: WIDTH.student,
      fixed: 'left',
      render: (_: unknown, row) => (
        <div style={{ lineHeight: 1.35 }}>
          <Link
            to={courseStudentPath(courseId, row.user_id)}
            style={{ ...ELLIPSIS, fontWeight: 500 }}
            title={row.nickname || row.username}
            data-testid={`matrix-student-${row.user_id}`}
          >
            {row.nickname || row.username}
          </Link>
          <span style={{ ...ELLIPSIS, fontSize: 12, color: 'rgba(0, 0, 0, 0.6)' }} title={row.username}>
            {row.username}
          </span>
        </div>
      ),
    },
    {
      key: 'class',
      title: t('courses:matrix_col_class'),
      dataIndex: 'class_name',
      width: WIDTH.class,
      fixed: 'left',
      ellipsis: true,
    },
    {
      key: 'progress',
      title: t('courses:matrix_col_progress'),
      width: WIDTH.progress,
      fixed: 'left',
      render: (_: unknown, row) => (
        <Tooltip
          title={t('courses:matrix_progress_tip', {
            done: row.done_count,
            total,
            overdue: row.overdue_count,
            minutes: Math.round(row.seconds_spent / 60),
          })}
        >
          <Progress
            percent={row.progress}
            size="small"
            aria-label={t('courses:matrix_col_progress')}
            format={() => `${row.done_count}/${total}`}
            style={{ margin: 0 }}
          />
        </Tooltip>
      ),
    },
    {
      key: 'score',
      title: t('courses:matrix_col_score'),
      dataIndex: 'score',
      width: WIDTH.score,
      fixed: 'left',
      align: 'center',
      render: (score: number | null) => (score === null ? '—' : scoreText(score)),
    },
  ];
  const taskColumns = tasks.map(
    (task, index): TableColumnType<TCourseMatrixRow> => ({
      key: `task-${task.id}`,
      width: WIDTH.task,
      align: 'center',
      title: (
        <Tooltip title={taskTip(t, task)}>
          <Flex vertical align="center" style={{ lineHeight: 1.3 }} data-testid={`matrix-task-${task.id}`}>
            <span style={{ color: '#2f54eb' }}>{KIND_ICON[task.kind]}</span>
            <span style={{ whiteSpace: 'nowrap' }}>{taskCode(task)}</span>
          </Flex>
        </Tooltip>
      ),
      render: (_: unknown, row) => {
        const cell = row.cells[index];
        if (!cell) return null;
        return (
          <StateSquare
            state={cell.state}
            score={cell.score}
            title={cellTip(t, row, task, index)}
            testId={`matrix-cell-${row.user_id}-${task.id}`}
          />
        );
      },
    }),
  );
  return [...fixed, ...taskColumns];
}

/**
 * The matrix: a row per student (name and username, class, progress with tasks done of all, course score) fixed on
 * the left, then a narrow column per task with a square per cell; it scrolls sideways inside itself, never the page.
 */
export function CourseMatrixTable({
  courseId,
  matrix,
  loading,
  paging,
  onPaging,
}: {
  /** The course: each student's name links to their detail in it. */
  courseId: number;
  matrix: TCourseMatrix;
  loading: boolean;
  paging: Paging;
  onPaging: (paging: Paging) => void;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const columns = useMemo(() => matrixColumns(t, matrix.tasks, courseId), [t, matrix.tasks, courseId]);
  return (
    <Table<TCourseMatrixRow>
      size="small"
      bordered
      rowKey={(row) => `${row.user_id}-${row.class_id}`}
      loading={loading}
      dataSource={matrix.list}
      columns={columns}
      scroll={{ x: FIXED_WIDTH + matrix.tasks.length * WIDTH.task }}
      pagination={{ ...serverPagination(t, paging, matrix.total, onPaging), pageSizeOptions: [...PAGE_SIZES] }}
      onRow={(row) => rowTestId(`matrix-row-${row.user_id}`)}
      data-testid="matrix-table"
    />
  );
}
