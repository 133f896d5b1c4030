import type { TQuestionCategoryNode } from '@app/contracts';
import { KNOWLEDGE_LIMITS } from '@app/contracts/procedures/knowledge-maps.ts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { mapCategoriesQuery } from './queries.ts';

interface CategoryOption {
  value: number;
  title: string;
  children: CategoryOption[];
}

const categoryOptions = (nodes: readonly TQuestionCategoryNode[]): CategoryOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: categoryOptions(node.children) }));

/** Name, description and question category of a map (the create page's first step and the edit modal). */
export function MapInfoFields() {
  const { t } = useTranslation(['knowledge-maps', 'validation']);
  const categories = useQuery(mapCategoriesQuery());
  return (
    <>
      <Form.Item
        name="name"
        label={t('map_name')}
        rules={[
          { required: true, whitespace: true, message: t('validation:required') },
          { max: KNOWLEDGE_LIMITS.mapName, message: t('validation:too_long') },
        ]}
      >
        <Input maxLength={KNOWLEDGE_LIMITS.mapName} showCount autoFocus data-testid="map-name" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea
          maxLength={KNOWLEDGE_LIMITS.description}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="map-description"
        />
      </Form.Item>
      <Form.Item name="category_id" label={t('category')} extra={t('category_help')}>
        <TreeSelect<number>
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          loading={categories.isLoading}
          treeData={categoryOptions(categories.data?.list ?? [])}
          placeholder={t('category_placeholder')}
          notFoundContent={t('category_none')}
          data-testid="map-category"
        />
      </Form.Item>
    </>
  );
}
