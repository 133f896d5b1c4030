import type { TQuestionCategoryRow } from '@app/contracts';
import { QUESTION_LIMITS } from '@app/contracts/question-rules.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import {
  categoryOptions,
  categoryTreeQuery,
  createCategory,
  privateCategories,
  privateCategoryTreeQuery,
  updateCategory,
} from './queries.ts';

interface Values {
  parent_id: number | null;
  name: string;
  description: string;
  sort: number;
}

export interface CategoryFormTarget {
  /** The category edited; absent for a new one. */
  category?: Pick<TQuestionCategoryRow, 'id' | 'name' | 'description' | 'sort' | 'parent_id'>;
  /** The parent preset for a new category. */
  parentId?: number | null;
}

/**
 * Create a category (under a parent or at the root) or rename / move one; the parent is picked from the tree. With
 * `private`, one of the caller's private categories (`/self-data/category`), in their own tree and passed at once.
 */
export function CategoryFormModal({
  target,
  onClose,
  onSaved,
  private: own = false,
}: {
  target: CategoryFormTarget;
  onClose: () => void;
  onSaved: (id: number) => void;
  private?: boolean;
}) {
  const { t } = useTranslation(['question-bank', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const bankTree = useQuery({ ...categoryTreeQuery(false), enabled: !own });
  const ownTree = useQuery({ ...privateCategoryTreeQuery(), enabled: own });
  const tree = own ? ownTree : bankTree;
  const { category } = target;

  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        parent_id: values.parent_id ?? null,
        name: values.name.trim(),
        description: (values.description ?? '').trim(),
        sort: values.sort ?? 0,
      };
      if (own) {
        return category ? privateCategories.update({ id: category.id, ...input }) : privateCategories.create(input);
      }
      return category ? updateCategory({ id: category.id, ...input }) : createCategory(input);
    },
    onSuccess: (saved) => {
      const waiting = 'review_status' in saved && saved.review_status !== 'passed' && !category;
      void message.success(waiting ? t('category_saved_unreviewed') : t('category_saved'));
      onSaved(saved.id);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['name', 'description', 'parent_id', 'sort'])) {
        showError(error);
      }
    },
  });

  return (
    <FormModal<Values>
      form={form}
      title={category ? t('category_edit_title', { name: category.name }) : t('category_create_title')}
      saving={save.isPending}
      saveTestId="qb-category-save"
      initialValues={{
        parent_id: category ? category.parent_id : (target.parentId ?? null),
        name: category?.name ?? '',
        description: category?.description ?? '',
        sort: category?.sort ?? 0,
      }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="parent_id" label={t('category_parent')} extra={t('category_parent_help')}>
        <TreeSelect<number | null>
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          loading={tree.isLoading}
          placeholder={t('category_root')}
          treeData={categoryOptions(tree.data?.list ?? [], { exclude: category?.id })}
          data-testid="qb-category-parent"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('category_name')}
        rules={[
          { required: true, whitespace: true, message: t('validation:required') },
          { max: QUESTION_LIMITS.categoryName, message: t('validation:too_long') },
        ]}
      >
        <Input maxLength={QUESTION_LIMITS.categoryName} showCount autoFocus data-testid="qb-category-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('category_description')}
        rules={[{ max: QUESTION_LIMITS.description, message: t('validation:too_long') }]}
      >
        <Input.TextArea
          maxLength={QUESTION_LIMITS.description}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid="qb-category-description"
        />
      </Form.Item>
      <Form.Item name="sort" label={t('category_sort')} extra={t('category_sort_help')}>
        <InputNumber min={0} max={1_000_000} precision={0} data-testid="qb-category-sort" />
      </Form.Item>
    </FormModal>
  );
}
