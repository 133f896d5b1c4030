import type { TBlueprintCell } from '@app/contracts';
import { EXAM_LIMITS } from '@app/contracts/procedures/exams.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, type FormInstance, InputNumber, Radio, Space, Table, Tag, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryOptions, categoryTreeQuery, NodePicker, PassedQuestionPicker } from '../question-bank/index.ts';
import { blueprintCheckQuery, EXAM_TEACHER_KEY } from './queries.ts';

const TYPES = ['single', 'multiple', 'judge'] as const;
const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export interface BlueprintValues {
  total: number;
  type_ratios: Record<(typeof TYPES)[number], number>;
  difficulty_ratios: Record<(typeof DIFFICULTIES)[number], number>;
  category_ids: number[];
  node_ids: number[];
}

export const EMPTY_BLUEPRINT: BlueprintValues = {
  total: 20,
  type_ratios: { single: 1, multiple: 0, judge: 0 },
  difficulty_ratios: { easy: 0, medium: 0, hard: 0 },
  category_ids: [],
  node_ids: [],
};

/** Step 2 of the wizard: a fixed paper (chosen passed questions in order) or a random one from a blueprint. */
export function ExamPaperStep({
  form,
  known,
  modeFixed = false,
}: {
  form: FormInstance;
  known: readonly { id: number; stem_text: string }[];
  /** The paper mode is set by the page (course mode): its choice is not shown. */
  modeFixed?: boolean;
}) {
  const { t } = useTranslation('exams');
  const mode = Form.useWatch('paper_mode', form) ?? 'fixed';
  const tree = useQuery(categoryTreeQuery(true));
  return (
    <>
      <Form.Item name="paper_mode" label={t('paper_mode')} hidden={modeFixed}>
        <Radio.Group data-testid="exam-paper-mode">
          <Radio.Button value="fixed">{t('mode_fixed')}</Radio.Button>
          <Radio.Button value="random">{t('mode_random')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {mode === 'fixed' ? (
        <Form.Item name="question_ids" label={t('questions')} extra={t('questions_help')}>
          <PassedQuestionPicker
            known={known.map((q) => ({ id: q.id, text: q.stem_text.slice(0, 100) }))}
            ns="exams"
            queryKey={EXAM_TEACHER_KEY}
            testId="exam-questions"
            withType
            withPrivate
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item name={['blueprint', 'total']} label={t('blueprint_total')} rules={[{ required: true }]}>
            <InputNumber min={1} max={EXAM_LIMITS.blueprintTotal} precision={0} data-testid="exam-blueprint-total" />
          </Form.Item>
          <Form.Item label={t('type_ratios')} extra={t('ratios_help')} required>
            <Space wrap>
              {TYPES.map((type) => (
                <Form.Item key={type} name={['blueprint', 'type_ratios', type]} noStyle>
                  <InputNumber min={0} max={1000} prefix={t(`type_${type}`)} data-testid={`exam-ratio-${type}`} />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
          <Form.Item label={t('difficulty_ratios')} extra={t('difficulty_ratios_help')}>
            <Space wrap>
              {DIFFICULTIES.map((d) => (
                <Form.Item key={d} name={['blueprint', 'difficulty_ratios', d]} noStyle>
                  <InputNumber min={0} max={1000} prefix={t(`difficulty_${d}`)} data-testid={`exam-ratio-${d}`} />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
          <Form.Item
            name={['blueprint', 'category_ids']}
            label={t('blueprint_categories')}
            extra={t('blueprint_sources_help')}
          >
            <TreeSelect
              multiple
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeData={categoryOptions(tree.data?.list ?? [], { passedOnly: true })}
              loading={tree.isLoading}
              placeholder={t('categories_placeholder')}
              style={{ width: '100%' }}
              data-testid="exam-blueprint-categories"
            />
          </Form.Item>
          <Form.Item name={['blueprint', 'node_ids']} label={t('blueprint_nodes')}>
            <NodeField />
          </Form.Item>
          <BlueprintCells form={form} />
        </>
      )}
    </>
  );
}

function NodeField({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  return <NodePicker value={value ?? []} onChange={(ids) => onChange?.(ids)} />;
}

/** Ratios with a cleared field (null) read as 0. */
function ratiosOf<K extends string>(keys: readonly K[], given: Partial<Record<K, number | null>> | undefined) {
  return Object.fromEntries(keys.map((k) => [k, given?.[k] ?? 0])) as Record<K, number>;
}

/** The blueprint's cells with the passed questions needed and available, refreshed as the blueprint changes. */
export function BlueprintCells({ form }: { form: FormInstance }) {
  const { t } = useTranslation('exams');
  const watched = Form.useWatch('blueprint', form) as BlueprintValues | undefined;
  const [blueprint, setBlueprint] = useState(watched);
  useEffect(() => {
    const timer = setTimeout(() => setBlueprint(watched), 400);
    return () => clearTimeout(timer);
  }, [watched]);
  const usable = !!blueprint && blueprint.total >= 1 && TYPES.some((type) => (blueprint.type_ratios?.[type] ?? 0) > 0);
  const input = {
    total: blueprint?.total ?? 0,
    type_ratios: ratiosOf(TYPES, blueprint?.type_ratios),
    difficulty_ratios: ratiosOf(DIFFICULTIES, blueprint?.difficulty_ratios),
    category_ids: blueprint?.category_ids ?? [],
    node_ids: blueprint?.node_ids ?? [],
  };
  const check = useQuery({ ...blueprintCheckQuery(blueprint, input), enabled: usable });
  if (!usable) return <Alert type="warning" showIcon title={t('ratios_all_zero')} />;
  return (
    <Form.Item label={t('blueprint_cells')}>
      {check.data && (
        <Alert
          style={{ marginBottom: 8 }}
          type={check.data.feasible ? 'success' : 'error'}
          showIcon
          title={t(check.data.feasible ? 'blueprint_feasible' : 'blueprint_short')}
        />
      )}
      <Table<TBlueprintCell>
        size="small"
        rowKey={(c) => `${c.type}-${c.difficulty}`}
        loading={check.isFetching}
        dataSource={check.data?.cells}
        pagination={false}
        locale={{ emptyText: check.isError ? t('cells_unavailable') : t('common:loading') }}
        data-testid="exam-blueprint-cells"
        columns={[
          { title: t('cell_type'), dataIndex: 'type', render: (v: string) => t(`type_${v}`) },
          {
            title: t('cell_difficulty'),
            dataIndex: 'difficulty',
            render: (v: string | null) => t(`difficulty_${v ?? 'any'}`),
          },
          { title: t('cell_needed'), dataIndex: 'needed' },
          {
            title: t('cell_available'),
            render: (_v, c) => <Tag color={c.available >= c.needed ? 'green' : 'red'}>{c.available}</Tag>,
          },
        ]}
      />
    </Form.Item>
  );
}
