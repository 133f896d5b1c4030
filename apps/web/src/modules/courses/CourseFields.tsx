import type { TCourseDetail, TCourseInput } from '@app/contracts';
import { COURSE_LIMITS, ZCourseInput } from '@app/contracts/procedures/courses.ts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../shared/form-rules.ts';
import { categoryTreeData } from './CourseShared.tsx';
import { courseCategoryTreeQuery } from './queries.ts';

/** The course form's values (dates as pickers hold them). */
export interface CourseValues {
  name: string;
  category_id?: number | null;
  cover: string;
  description: string;
  starts_on: Dayjs | null;
  ends_on: Dayjs | null;
}

export const COURSE_FIELDS = ['name', 'category_id', 'cover', 'description', 'starts_on', 'ends_on'] as const;

/** A saved course as form values; a new course's empty form without one. */
export function courseValues(course?: TCourseDetail): CourseValues {
  return {
    name: course?.name ?? '',
    category_id: course?.category_id ?? undefined,
    cover: course?.cover ?? '',
    description: course?.description ?? '',
    starts_on: course?.starts_on ? dayjs(course.starts_on) : null,
    ends_on: course?.ends_on ? dayjs(course.ends_on) : null,
  };
}

/** The form's values as the contract takes them (trimmed; empty cover and dates are null). */
export function courseInput(values: CourseValues): TCourseInput {
  return {
    name: values.name.trim(),
    category_id: values.category_id ?? null,
    cover: values.cover?.trim() || null,
    description: (values.description ?? '').trim(),
    starts_on: values.starts_on ? values.starts_on.format('YYYY-MM-DD') : null,
    ends_on: values.ends_on ? values.ends_on.format('YYYY-MM-DD') : null,
  };
}

const COVER = /^(https?:\/\/|\/)\S+$/;

/** The fields of a course: name, category, cover address, description, start and end dates. */
export function CourseFields() {
  const { t } = useTranslation(['courses', 'validation']);
  const tree = useQuery(courseCategoryTreeQuery());
  return (
    <>
      <Form.Item
        name="name"
        label={t('name')}
        rules={[zodRule(ZCourseInput.shape.name, t)]}
        extra={t('name_help', { max: COURSE_LIMITS.name })}
      >
        <Input maxLength={COURSE_LIMITS.name} showCount data-testid="course-name" />
      </Form.Item>
      <Form.Item name="category_id" label={t('category')}>
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          treeData={categoryTreeData(tree.data?.list ?? [])}
          loading={tree.isLoading}
          placeholder={t('category_placeholder')}
          aria-label={t('category')}
          notFoundContent={tree.isError ? t('categories_unavailable') : t('categories_none')}
          data-testid="course-category"
        />
      </Form.Item>
      <Form.Item
        name="cover"
        label={t('cover')}
        extra={t('cover_help')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (text && !COVER.test(text)) throw new Error(t('cover_invalid'));
            },
          },
        ]}
      >
        <Input maxLength={COURSE_LIMITS.cover} placeholder="https://…" data-testid="course-cover" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea
          maxLength={COURSE_LIMITS.description}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          data-testid="course-description"
        />
      </Form.Item>
      <Space wrap size="large" align="start">
        <Form.Item name="starts_on" label={t('starts_on')} extra={t('starts_on_help')}>
          <DatePicker data-testid="course-starts-on" />
        </Form.Item>
        <Form.Item
          name="ends_on"
          label={t('ends_on')}
          dependencies={['starts_on']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null) => {
                const start = getFieldValue('starts_on') as Dayjs | null;
                if (value && start && value.isBefore(start, 'day')) throw new Error(t('ends_before_start'));
              },
            }),
          ]}
        >
          <DatePicker data-testid="course-ends-on" />
        </Form.Item>
      </Space>
    </>
  );
}
