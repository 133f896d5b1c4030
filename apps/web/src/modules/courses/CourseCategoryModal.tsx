import type { TCourseCategoryNode } from '@app/contracts';
import { COURSE_LIMITS } from '@app/contracts/procedures/courses.ts';
import { ZCourseCategoryInput } from '@app/contracts/procedures/courses-categories.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { categoryTreeData } from './CourseShared.tsx';
import { createCourseCategory, updateCourseCategory } from './queries.ts';

/** What the dialog works on: a new category under `parentId` (null: at the root), or an existing one. */
export type CourseCategoryTarget = { parentId: number | null } | { category: TCourseCategoryNode };

interface Values {
  name: string;
  parent_id?: number | null;
  sort: number;
}

/**
 * Adds a course category, or renames, re-sorts and moves one (never below itself: the categories under it cannot be
 * chosen, and the server refuses with category_parent_wrong).
 */
export function CourseCategoryModal({
  target,
  tree,
  onClose,
  onSaved,
}: {
  target: CourseCategoryTarget;
  tree: readonly TCourseCategoryNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['courses', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const existing = 'category' in target ? target.category : null;
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = { name: values.name.trim(), parent_id: values.parent_id ?? null, sort: values.sort ?? 0 };
      return existing ? updateCourseCategory({ id: existing.id, ...input }) : createCourseCategory(input);
    },
    onSuccess: () => {
      void message.success(t(existing ? 'saved' : 'category_created'));
      onSaved();
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['name', 'parent_id', 'sort'], { category_parent_wrong: 'parent_id' }))
        showError(error);
    },
  });
  return (
    <FormModal<Values>
      form={form}
      title={existing ? t('category_edit_title', { name: existing.name }) : t('category_create_title')}
      saving={save.isPending}
      saveTestId="course-category-save"
      initialValues={{
        name: existing?.name ?? '',
        parent_id: (existing ? existing.parent_id : (target as { parentId: number | null }).parentId) ?? undefined,
        sort: existing?.sort ?? 0,
      }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('category_name')}
        rules={[zodRule(ZCourseCategoryInput.shape.name, t)]}
        extra={t('name_help', { max: COURSE_LIMITS.categoryName })}
      >
        <Input maxLength={COURSE_LIMITS.categoryName} showCount autoFocus data-testid="course-category-name" />
      </Form.Item>
      <Form.Item name="parent_id" label={t('category_parent')} extra={t('category_parent_help')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          treeData={categoryTreeData(tree, existing?.id)}
          placeholder={t('category_root')}
          aria-label={t('category_parent')}
          data-testid="course-category-parent"
        />
      </Form.Item>
      <Form.Item name="sort" label={t('category_sort')} extra={t('category_sort_help')}>
        <InputNumber min={0} max={1_000_000} precision={0} data-testid="course-category-sort" />
      </Form.Item>
    </FormModal>
  );
}
