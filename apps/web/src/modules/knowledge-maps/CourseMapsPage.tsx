import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { parseId } from '../../shared/task-paths.ts';
import { CourseMapsPanel } from './CourseMapsPanel.tsx';
import { MapCreatePage } from './MapCreatePage.tsx';
import { MAP_TABS, MapEditor, type MapTab } from './MapEditor.tsx';
import { courseMapsPath, mapCourseQuery, myCoursesQuery } from './queries.ts';

/** No course in the address: choose one of the caller's courses. */
function CoursePicker({ base }: { base: string }) {
  const { t } = useTranslation('knowledge-maps');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState<string>();
  const courses = useQuery(myCoursesQuery(keyword));
  if (courses.isError && !courses.data) return <LoadFailed error={courses.error} onRetry={() => courses.refetch()} />;
  return (
    <Card title={t('course_maps_title')}>
      <Space orientation="vertical" style={{ width: '100%', maxWidth: 560 }}>
        <Typography.Text type="secondary">{t('course_maps_help')}</Typography.Text>
        <Select<number>
          showSearch={{ filterOption: false, onSearch: (value) => setKeyword(value.trim() || undefined) }}
          loading={courses.isFetching}
          placeholder={t('course_maps_choose')}
          notFoundContent={t('course_maps_no_courses')}
          options={(courses.data?.list ?? []).map((course) => ({ value: course.id, label: course.name }))}
          onChange={(id) => navigate(courseMapsPath(base, id))}
          style={{ width: '100%' }}
          data-testid="course-maps-course"
        />
      </Space>
    </Card>
  );
}

/**
 * `/teacher/dataset/mapCreate` and `/manager/dataset/mapCreate` (`?course_id=`, a course picker without it): the
 * knowledge maps made for a course with the map editor of the content managers — the list, a new map
 * (`&new=1`: the three create steps, for the course) and one map (`&map_id=&tab=`: node tree, graph, questions).
 * Who may change them is the server's map policy (docs/knowledge-maps.md).
 */
export function CourseMapsPage() {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const navigate = useNavigate();
  const base = useLocation().pathname.startsWith('/manager') ? '/manager' : '/teacher';
  const [search] = useSearchParams();
  const courseId = parseId(search.get('course_id'));
  const mapId = parseId(search.get('map_id'));
  const tabText = search.get('tab');
  const tab: MapTab = MAP_TABS.includes(tabText as MapTab) ? (tabText as MapTab) : 'tree';
  const course = useQuery({ ...mapCourseQuery(courseId ?? 0), enabled: courseId !== null });

  if (courseId === null) return <CoursePicker base={base} />;
  const listPath = courseMapsPath(base, courseId);
  if (mapId !== null) {
    const onTab = (next: MapTab) =>
      navigate(courseMapsPath(base, courseId, { map_id: mapId, tab: next }), { replace: true });
    return <MapEditor id={mapId} tab={tab} onTab={onTab} backTo={listPath} />;
  }
  if (course.error instanceof ApiError && course.error.code === 'not_found') {
    return (
      <Card>
        <Result
          status="404"
          title={t('course_maps_course_not_found')}
          extra={<Link to={courseMapsPath(base)}>{t('course_maps_change')}</Link>}
        />
      </Card>
    );
  }
  if (course.isError && !course.data) return <LoadFailed error={course.error} onRetry={() => course.refetch()} />;
  if (!course.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const data = course.data;
  const editable = data.my_role !== 'viewer' && data.status !== 'archived';
  if (search.get('new') === '1' && editable) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('course_maps_for', { name: data.name })} />
        <MapCreatePage
          courseId={courseId}
          backTo={listPath}
          onCreated={(map) => navigate(courseMapsPath(base, courseId, { map_id: map.id }))}
        />
      </Space>
    );
  }
  return (
    <Card
      title={
        <Space wrap>
          <Tooltip title={t('course_maps_change')}>
            <Link to={courseMapsPath(base)} aria-label={t('course_maps_change')}>
              <ArrowLeftOutlined />
            </Link>
          </Tooltip>
          <span data-testid="course-maps-title">{t('course_maps_for', { name: data.name })}</span>
        </Space>
      }
      extra={
        <Button type="link" onClick={() => navigate(courseMapsPath(base))}>
          {t('course_maps_change')}
        </Button>
      }
    >
      {!editable && <Alert type="info" showIcon title={t('course_maps_read_only')} style={{ marginBottom: 16 }} />}
      <CourseMapsPanel courseId={courseId} editable={editable} base={base} />
    </Card>
  );
}
