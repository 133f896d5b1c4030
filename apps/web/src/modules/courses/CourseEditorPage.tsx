import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { detailFallback } from '../../shared/detail-page.tsx';
import { parseId } from '../../shared/task-paths.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { CourseInteractionsPanel } from '../interactions/index.ts';
import { CourseMapsPanel } from '../knowledge-maps/index.ts';
import { CourseChaptersTab } from './CourseChaptersTab.tsx';
import { CourseInfoTab } from './CourseInfoTab.tsx';
import { courseMatrixPath } from './CourseMatrixCoursePicker.tsx';
import {
  COURSE_EDITOR_TABS,
  type CourseEditorTab,
  CourseRoleTag,
  CourseStatusTag,
  courseEditorPath,
  courseListPath,
  datesText,
  editsContent,
  runsCourse,
} from './CourseShared.tsx';
import { CourseStateActions } from './CourseStateActions.tsx';
import { CourseTeamTab } from './CourseTeamTab.tsx';
import { courseDetailQuery } from './queries.ts';

/**
 * `/teacher/course/detail/{tab}?id=`: one course for its teachers. The header shows its name, status and the caller's
 * part with the state actions; the tabs edit its details, its chapters and tasks, and its team and classes. An
 * archived course is read-only; a viewer only views; an editor changes chapters and tasks only.
 */
export function CourseEditorPage() {
  const { t } = useTranslation(['courses', 'common']);
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const phone = useIsPhone();
  const id = parseId(search.get('id'));
  const tab: CourseEditorTab = COURSE_EDITOR_TABS.includes(params.tab as CourseEditorTab)
    ? (params.tab as CourseEditorTab)
    : 'info';
  const detail = useQuery({ ...courseDetailQuery(id ?? 0), enabled: id !== null });

  const fallback = detailFallback(t, detail, id, courseListPath());
  if (fallback) return fallback;
  const course = detail.data!;
  const archived = course.status === 'archived';
  const runs = runsCourse(course.my_role);
  const fieldsReadOnly = archived || !runs;
  const notice = archived
    ? { type: 'warning' as const, text: t('notice_archived') }
    : course.my_role === 'viewer'
      ? { type: 'info' as const, text: t('notice_viewer') }
      : course.my_role === 'editor'
        ? { type: 'info' as const, text: t('notice_editor') }
        : null;

  const actions = (
    <Space wrap size={8}>
      <Button onClick={() => navigate(courseMatrixPath(course.id))} data-testid="course-open-matrix">
        {t('open_matrix')}
      </Button>
      <CourseStateActions
        course={course}
        variant="button"
        onCopied={(copy) => navigate(courseEditorPath(copy.id))}
        onDeleted={() => navigate(courseListPath())}
      />
    </Space>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="course-editor">
      <Card
        title={
          <Space wrap size={[8, 4]}>
            <Tooltip title={t('back_to_list')}>
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                aria-label={t('back_to_list')}
                onClick={() => navigate(courseListPath())}
                data-testid="course-back"
              />
            </Tooltip>
            <span data-testid="course-editor-name">{course.name}</span>
            <CourseStatusTag status={course.status} testId="course-editor-status" />
            <CourseRoleTag role={course.my_role} />
          </Space>
        }
        extra={phone ? undefined : actions}
      >
        {phone && <div style={{ marginBottom: 16 }}>{actions}</div>}
        {notice && (
          <Alert
            type={notice.type}
            showIcon
            title={notice.text}
            style={{ marginBottom: 16 }}
            data-testid="course-notice"
          />
        )}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('category')}>{course.category_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('owner')}>{course.owner_name ?? t('owner_none')}</Descriptions.Item>
          <Descriptions.Item label={t('dates')}>{datesText(course.starts_on, course.ends_on)}</Descriptions.Item>
          <Descriptions.Item label={t('figures')}>
            {t('figures_text', {
              classes: course.class_count,
              students: course.student_count,
              chapters: course.chapter_count,
              count: course.task_count,
            })}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => navigate(courseEditorPath(course.id, key as CourseEditorTab), { replace: true })}
          items={[
            {
              key: 'info',
              label: <span data-testid="course-tab-info">{t('tab_info')}</span>,
              children: <CourseInfoTab key={course.id} course={course} readOnly={fieldsReadOnly} />,
            },
            {
              key: 'chapters',
              label: <span data-testid="course-tab-chapters">{t('tab_chapters')}</span>,
              children: <CourseChaptersTab course={course} editable={editsContent(course)} />,
            },
            {
              key: 'team',
              label: <span data-testid="course-tab-team">{t('tab_team')}</span>,
              children: <CourseTeamTab course={course} readOnly={fieldsReadOnly} />,
            },
            {
              key: 'interact',
              label: <span data-testid="course-tab-interact">{t('tab_interact')}</span>,
              children: <CourseInteractionsPanel course={course} editable={editsContent(course)} />,
            },
            {
              key: 'maps',
              label: <span data-testid="course-tab-maps">{t('tab_maps')}</span>,
              children: <CourseMapsPanel courseId={course.id} editable={editsContent(course)} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
