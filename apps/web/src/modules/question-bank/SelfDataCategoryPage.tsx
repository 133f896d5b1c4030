import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TQuestionCategoryNode } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Popconfirm, Row, Space, Spin, Tree, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { CategoryFormModal, type CategoryFormTarget } from './CategoryFormModal.tsx';
import { QuestionTable } from './QuestionTable.tsx';
import { findCategory, privateCategories, privateCategoryTreeQuery, useQuestionBankChanged } from './queries.ts';
import { QuestionRoutesContext, TEACHER_ROUTES } from './question-routes.ts';
import { SubmitPrivateModal } from './SubmitPrivateModal.tsx';
import './question-bank.css';

interface TreeNode {
  key: number;
  title: string;
  count: number;
  children: TreeNode[];
}

const treeNodes = (nodes: readonly TQuestionCategoryNode[]): TreeNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: node.name,
    count: node.question_count,
    children: treeNodes(node.children),
  }));

/**
 * `/self-data/category`: a teacher's private question categories — a tree of their own on the left (add, rename,
 * delete when empty), the chosen category's questions on the right (written with the question editor, used at once
 * in their own exams and interactions) and "submit for review", which moves the chosen questions into the
 * organisation's bank where they wait for a content manager as any new question.
 */
export function SelfDataCategoryPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const { message } = App.useApp();
  const changed = useQuestionBankChanged();
  const tree = useQuery(privateCategoryTreeQuery());
  const [chosen, setChosen] = useState<number | null>(null);
  const [form, setForm] = useState<{ seq: number; target: CategoryFormTarget } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const remove = useMutation({
    mutationFn: (id: number) => privateCategories.delete(id),
    onSuccess: async (_, id) => {
      void message.success(t('deleted'));
      if (chosen === id) setChosen(null);
      await changed();
    },
    onError: (error) => showError(error),
  });
  const openForm = (target: CategoryFormTarget) => setForm({ seq: Date.now(), target });
  const list = tree.data?.list ?? [];
  const current = chosen === null ? undefined : findCategory(list, chosen);

  let left: ReactNode;
  if (tree.isError) left = <LoadFailed error={tree.error} onRetry={() => tree.refetch()} />;
  else if (tree.isLoading) left = <Spin />;
  else if (list.length === 0) left = <Empty description={t('private_empty')} />;
  else {
    left = (
      <Tree<TreeNode>
        blockNode
        defaultExpandAll
        selectedKeys={chosen === null ? [] : [chosen]}
        onSelect={(keys) => {
          setChosen(keys.length ? Number(keys[0]) : null);
          setSelected([]);
        }}
        treeData={treeNodes(list)}
        titleRender={(node) => (
          <span data-testid={`qb-private-category-${node.key}`}>
            {node.title} <Typography.Text type="secondary">({node.count})</Typography.Text>
          </span>
        )}
        data-testid="qb-private-tree"
      />
    );
  }

  return (
    <QuestionRoutesContext.Provider value={TEACHER_ROUTES}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card
            title={t('private_categories')}
            extra={
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => openForm({ parentId: chosen })}
                data-testid="qb-private-add"
              >
                {t('category_create')}
              </Button>
            }
          >
            <Typography.Paragraph type="secondary">{t('private_intro')}</Typography.Paragraph>
            {left}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            title={current?.name ?? t('private_questions')}
            extra={
              current && (
                <Space size={0}>
                  <Button
                    type="link"
                    icon={<EditOutlined />}
                    onClick={() => openForm({ category: { ...current } })}
                    data-testid="qb-private-rename"
                  >
                    {t('edit')}
                  </Button>
                  <Popconfirm
                    title={t('category_delete_confirm', { name: current.name })}
                    onConfirm={() => remove.mutateAsync(current.id)}
                  >
                    <Button type="link" danger icon={<DeleteOutlined />} data-testid="qb-private-delete">
                      {t('common:delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              )
            }
          >
            {current ? (
              <QuestionTable
                key={current.id}
                categoryId={current.id}
                mine
                selection={{ value: selected, onChange: setSelected }}
                toolbar={() => (
                  <Button
                    disabled={selected.length === 0}
                    onClick={() => setSubmitting(true)}
                    data-testid="qb-private-submit"
                  >
                    {t('private_submit', { count: selected.length })}
                  </Button>
                )}
              />
            ) : (
              <Empty description={t('private_choose')} />
            )}
          </Card>
        </Col>
      </Row>
      {form && (
        <CategoryFormModal
          key={form.seq}
          private
          target={form.target}
          onClose={() => setForm(null)}
          onSaved={(id) => {
            setForm(null);
            setChosen(id);
            void changed();
          }}
        />
      )}
      {submitting && (
        <SubmitPrivateModal
          ids={selected}
          onClose={() => setSubmitting(false)}
          onDone={() => {
            setSubmitting(false);
            setSelected([]);
          }}
        />
      )}
    </QuestionRoutesContext.Provider>
  );
}
