import type { TCourseDetail } from '@app/contracts';
import { COURSE_MANAGE_ALL_KEY } from '@app/contracts/procedures/courses.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { useMayCall } from '../../shared/session/session-context.tsx';
import { CourseTeacherSelect } from './CourseTeacherSelect.tsx';
import { CourseTransferModal } from './CourseTransferModal.tsx';
import { classOptionsQuery, setCourseClasses, setCourseTeachers, useCourseSaved } from './queries.ts';

type Teacher = TCourseDetail['teachers'][number];

/**
 * The editor's team tab: the owner (a manager may give the course to another teacher), the co-teachers with whether
 * each may edit chapters and tasks, and the classes the course is taught to. Only the owner or a manager changes them,
 * and not once the course is archived.
 */
export function CourseTeamTab({ course, readOnly }: { course: TCourseDetail; readOnly: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const { message } = App.useApp();
  const saved = useCourseSaved();
  const manager = useMayCall(COURSE_MANAGE_ALL_KEY);
  const [adding, setAdding] = useState<number[]>([]);
  const [transferring, setTransferring] = useState(false);

  const team = useMutation({
    mutationFn: (teachers: readonly Pick<Teacher, 'user_id' | 'can_edit'>[]) =>
      setCourseTeachers({
        id: course.id,
        user_ids: teachers.map((x) => x.user_id),
        editor_ids: teachers.filter((x) => x.can_edit).map((x) => x.user_id),
      }),
    onSuccess: async (detail) => {
      setAdding([]);
      void message.success(t('team_saved'));
      await saved(detail);
    },
    onError: (error) => showError(error),
  });
  const current = course.teachers.map(({ user_id, can_edit }) => ({ user_id, can_edit }));
  const toggle = (userId: number, canEdit: boolean) =>
    team.mutate(current.map((x) => (x.user_id === userId ? { ...x, can_edit: canEdit } : x)));
  const removeTeacher = (userId: number) => team.mutate(current.filter((x) => x.user_id !== userId));
  const addTeachers = () => team.mutate([...current, ...adding.map((id) => ({ user_id: id, can_edit: true }))]);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title={t('owner')}>
        <Space wrap>
          <Typography.Text strong data-testid="course-owner">
            {course.owner_name ?? t('owner_none')}
          </Typography.Text>
          {manager && (
            <Button size="small" onClick={() => setTransferring(true)} data-testid="course-team-transfer">
              {t('transfer')}
            </Button>
          )}
        </Space>
      </Card>
      <Card size="small" title={t('co_teachers')}>
        <Typography.Paragraph type="secondary">{t('co_teachers_help')}</Typography.Paragraph>
        {!readOnly && (
          <Space.Compact style={{ width: '100%', maxWidth: 560, marginBottom: 12 }}>
            <CourseTeacherSelect
              multiple
              value={adding}
              onChange={(ids) => setAdding((ids as number[] | null) ?? [])}
              exclude={[...(course.owner_id === null ? [] : [course.owner_id]), ...current.map((x) => x.user_id)]}
              testId="course-teacher-add"
            />
            <Button
              type="primary"
              disabled={adding.length === 0}
              loading={team.isPending && adding.length > 0}
              onClick={addTeachers}
              data-testid="course-teacher-add-submit"
            >
              {t('add')}
            </Button>
          </Space.Compact>
        )}
        <Table<Teacher>
          rowKey="user_id"
          size="small"
          pagination={false}
          dataSource={course.teachers}
          loading={team.isPending}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('co_teachers_empty')} /> }}
          data-testid="course-teachers"
          columns={[
            { title: t('teacher'), dataIndex: 'nickname' },
            {
              title: t('can_edit'),
              dataIndex: 'can_edit',
              width: 200,
              render: (canEdit: boolean, row) => (
                <Switch
                  checked={canEdit}
                  disabled={readOnly}
                  checkedChildren={t('can_edit_yes')}
                  unCheckedChildren={t('can_edit_no')}
                  onChange={(checked) => toggle(row.user_id, checked)}
                  aria-label={t('can_edit')}
                  data-testid={`course-teacher-edit-${row.user_id}`}
                />
              ),
            },
            ...(readOnly
              ? []
              : [
                  {
                    title: t('common:actions'),
                    width: 100,
                    render: (_: unknown, row: Teacher) => (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => removeTeacher(row.user_id)}
                        data-testid={`course-teacher-remove-${row.user_id}`}
                      >
                        {t('remove')}
                      </Button>
                    ),
                  },
                ]),
          ]}
        />
      </Card>
      <ClassesCard course={course} readOnly={readOnly} />
      {transferring && (
        <CourseTransferModal
          course={course}
          onClose={() => setTransferring(false)}
          onDone={async (detail) => {
            setTransferring(false);
            await saved(detail);
          }}
        />
      )}
    </Space>
  );
}

/** The classes the course is taught to: chosen among the caller's classes (a manager's: all), saved together. */
function ClassesCard({ course, readOnly }: { course: TCourseDetail; readOnly: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const { message } = App.useApp();
  const saved = useCourseSaved();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number[] | null>(null);
  const classes = useQuery({ ...classOptionsQuery(keyword), enabled: !readOnly, placeholderData: keepPreviousData });
  const value = chosen ?? course.classes.map((c) => c.id);
  const options = (classes.data?.list ?? []).map((c) => ({
    value: c.id,
    label: c.status === 'closed' ? `${c.name} (${t('class_closed')})` : c.name,
  }));
  for (const c of course.classes)
    if (!options.some((o) => o.value === c.id)) options.push({ value: c.id, label: c.name });
  const save = useMutation({
    mutationFn: () => setCourseClasses(course.id, value),
    onSuccess: async (detail) => {
      setChosen(null);
      void message.success(t('classes_saved'));
      await saved(detail);
    },
    onError: (error) => showError(error),
  });

  return (
    <Card size="small" title={t('classes')}>
      <Typography.Paragraph type="secondary">{t('classes_help')}</Typography.Paragraph>
      {!readOnly && (
        <Space.Compact style={{ width: '100%', maxWidth: 720, marginBottom: 12 }}>
          <Select<number[]>
            mode="multiple"
            value={value}
            onChange={setChosen}
            showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
            loading={classes.isFetching}
            options={options}
            placeholder={t('classes_placeholder')}
            aria-label={t('classes')}
            notFoundContent={classes.isError ? t('classes_unavailable') : t('classes_none')}
            style={{ width: '100%' }}
            data-testid="course-classes"
          />
          <Button
            type="primary"
            disabled={chosen === null}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="course-classes-save"
          >
            {t('common:save')}
          </Button>
        </Space.Compact>
      )}
      {course.classes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('classes_empty')} />
      ) : (
        <Descriptions size="small" column={1} bordered data-testid="course-class-list">
          {course.classes.map((c) => (
            <Descriptions.Item key={c.id} label={c.name}>
              {t('student_count', { count: c.student_count })}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}
