import type { TKnowledgeMapRow } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Space, Steps, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { InitialNodesEditor, newRow } from './InitialNodesEditor.tsx';
import { type InitialNodeRow, type RowProblem, rowProblems, rowsToInitialNodes } from './initial-node-rows.ts';
import { MapInfoFields } from './MapInfoFields.tsx';
import { createMap, mapDetailPath, useKmChanged } from './queries.ts';

interface Info {
  name: string;
  description?: string;
  category_id?: number | null;
}

/** The rows as a tree for the last step's preview. */
function previewTree(rows: readonly InitialNodeRow[]): DataNode[] {
  const roots: DataNode[] = [];
  const stack: DataNode[] = [];
  for (const row of rows) {
    const node: DataNode = { key: row.key, title: `${row.code.trim()} ${row.name.trim()}`, children: [] };
    stack.length = row.level;
    const parent = row.level > 0 ? stack[row.level - 1] : undefined;
    if (parent) parent.children!.push(node);
    else roots.push(node);
    stack[row.level] = node;
  }
  return roots;
}

interface Props {
  /** A map made for this course (the course maps page); none: a map of the organisation. */
  courseId?: number;
  /** Where cancel leads (the map list by default). */
  backTo?: string;
  /** After creating (by default: the map's detail page). */
  onCreated?: (map: TKnowledgeMapRow) => void;
}

/**
 * `/dataset/mapCreate`: a new knowledge map in three steps: its information, its initial nodes (an indented
 * list), then a check and create (one call: the map and every node, or nothing). The course maps page shows it with
 * a course.
 */
export function MapCreatePage({ courseId, backTo = '/dataset/map', onCreated }: Props = {}) {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useKmChanged();
  const [form] = Form.useForm<Info>();
  const [step, setStep] = useState(0);
  const [info, setInfo] = useState<Info>();
  const [rows, setRows] = useState<InitialNodeRow[]>(() => [newRow(0)]);
  const [serverProblem, setServerProblem] = useState<{ key: number; message: string }>();
  // Rows left completely empty are ignored.
  const filled = useMemo(() => {
    const kept = rows.filter((r) => r.code.trim() || r.name.trim()).map((r) => ({ ...r }));
    kept.forEach((row, i) => {
      row.level = Math.min(row.level, i === 0 ? 0 : kept[i - 1]!.level + 1);
    });
    return kept;
  }, [rows]);
  const problems = useMemo(() => {
    const found = new Map<number, RowProblem | 'server'>(rowProblems(filled));
    if (serverProblem) found.set(serverProblem.key, 'server');
    return found;
  }, [filled, serverProblem]);

  const create = useMutation({
    mutationFn: () =>
      createMap({
        name: info!.name.trim(),
        description: (info!.description ?? '').trim(),
        category_id: info!.category_id ?? null,
        course_id: courseId ?? null,
        nodes: rowsToInitialNodes(filled),
      }),
    onSuccess: async (map) => {
      void message.success(t('map_created', { name: map.name }));
      await changed();
      if (onCreated) onCreated(map);
      else navigate(mapDetailPath(map.id));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'knowledge_map_name_taken') {
        setStep(0);
        setTimeout(() => form.setFields([{ name: 'name', errors: [error.message] }]));
        return;
      }
      const index =
        (error instanceof ApiError && (error.details as { index?: number } | undefined)?.index) ?? undefined;
      if (typeof index === 'number' && filled[index]) {
        setServerProblem({ key: filled[index]!.key, message: (error as ApiError).message });
        setStep(1);
        return;
      }
      const fields = fieldErrorsOf<keyof Info>(error, ['name', 'description', 'category_id']);
      if (fields.length > 0) {
        setStep(0);
        setTimeout(() => form.setFields(fields));
      } else showError(error);
    },
  });

  return (
    <Card title={t('create_page_title')}>
      <Steps
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('step_info') }, { title: t('step_nodes') }, { title: t('step_confirm') }]}
      />
      <div style={{ display: step === 0 ? 'block' : 'none' }}>
        <Form<Info>
          form={form}
          layout="vertical"
          style={{ maxWidth: 560 }}
          initialValues={{ name: '', description: '', category_id: null }}
          onFinish={(values) => {
            setInfo(values);
            setStep(1);
          }}
        >
          <MapInfoFields />
          <Space>
            <Button onClick={() => navigate(backTo)}>{t('common:cancel')}</Button>
            <Button type="primary" htmlType="submit" data-testid="create-next-info">
              {t('next')}
            </Button>
          </Space>
        </Form>
      </div>
      {step === 1 && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <InitialNodesEditor
            rows={rows}
            onChange={(next) => {
              setRows(next);
              setServerProblem(undefined);
            }}
            problems={problems}
          />
          {serverProblem && <Typography.Text type="danger">{serverProblem.message}</Typography.Text>}
          <Space>
            <Button onClick={() => setStep(0)}>{t('previous')}</Button>
            <Button
              type="primary"
              disabled={problems.size > 0}
              onClick={() => setStep(2)}
              data-testid="create-next-nodes"
            >
              {t('next')}
            </Button>
          </Space>
        </Space>
      )}
      {step === 2 && info && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('map_name')}>{info.name}</Descriptions.Item>
            <Descriptions.Item label={t('description')}>{info.description || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('node_count')}>{filled.length}</Descriptions.Item>
          </Descriptions>
          {filled.length > 0 ? (
            <Tree treeData={previewTree(filled)} defaultExpandAll selectable={false} data-testid="create-preview" />
          ) : (
            <Typography.Text type="secondary">{t('create_without_nodes')}</Typography.Text>
          )}
          <Space>
            <Button onClick={() => setStep(1)}>{t('previous')}</Button>
            <Button
              type="primary"
              loading={create.isPending}
              onClick={() => create.mutate()}
              data-testid="create-submit"
            >
              {t('create_submit')}
            </Button>
          </Space>
        </Space>
      )}
    </Card>
  );
}
