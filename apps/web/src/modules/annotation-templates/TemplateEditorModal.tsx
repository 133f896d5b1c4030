import type { TTemplateDetail, TTemplateProblem } from '@app/contracts';
import { checkTemplate, flattenComponents, type TemplateCategory } from '@app/contracts/annotation/template-rules.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Col, Form, Input, Modal, Row, Select, Tabs, Typography } from 'antd';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { showError } from '../../shared/query-client.ts';
import { ImageField } from './image-field.tsx';
import { categoryOptionsQuery, createTemplate, updateTemplate, useTemplatesChanged } from './queries.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import { type Comp, componentAtPath } from './visual/doc-ops.ts';
import { isVisualDocument, ProblemList, type ShownProblem } from './visual/ProblemList.tsx';
import { VisualEditor } from './visual/VisualEditor.tsx';

type Mode = 'visual' | 'json' | 'preview';

/** The JSON text as a document the visual editor can show, or null. */
function parseVisual(text: string): { components: Comp[] } | null {
  try {
    const value: unknown = JSON.parse(text);
    return isVisualDocument(value) ? (value as { components: Comp[] }) : null;
  } catch {
    return null;
  }
}

const EMPTY = JSON.stringify({ version: 1, components: [] }, null, 2);

/** A problem as the user reads it: a JSON syntax error, or a rule from `templateProblems`. */
export function useProblemText() {
  const { t } = useTranslation('annotation-templates');
  return useCallback(
    (problem: Pick<TTemplateProblem, 'code' | 'params'>) => t(`problem.${problem.code}`, problem.params ?? {}),
    [t],
  );
}

/**
 * Create or edit a template: name, category, sample image and the JSON document, with the rules checked as
 * one types (in this lazy chunk, the same function the server runs) and a read-only preview. `common` edits a
 * common template through the platform procedures (root).
 */
export function TemplateEditorModal({
  open,
  template,
  common,
  readOnly = false,
  onClose,
}: {
  open: boolean;
  template?: TTemplateDetail;
  common: boolean;
  /** A common template seen by someone who may only copy it. */
  readOnly?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['annotation-templates', 'common']);
  const { message } = App.useApp();
  const changed = useTemplatesChanged();
  const problemText = useProblemText();
  const categories = useQuery(categoryOptionsQuery());
  const [name, setName] = useState(template?.name ?? '');
  const [categoryId, setCategoryId] = useState<number | undefined>(template?.category_id);
  const [text, setText] = useState(template ? JSON.stringify(template.content, null, 2) : EMPTY);
  const [sample, setSample] = useState<string | null | undefined>(undefined);
  const [saveProblems, setSaveProblems] = useState<{ message: string }[]>([]);
  const [mode, setMode] = useState<Mode>(() => (parseVisual(text) ? 'visual' : 'json'));
  const [selected, setSelected] = useState<string | null>(null);
  const deferred = useDeferredValue(text);
  const visualDoc = useMemo(() => (mode === 'visual' ? parseVisual(text) : null), [mode, text]);

  const category = categories.data?.list.find((c) => c.id === categoryId);
  const taskType = category?.task_type ?? template?.task_type;
  const drawType = category?.draw_type ?? template?.draw_type;
  const sampleImage = sample === undefined ? (template?.sample_image ?? null) : sample;

  const checked = useMemo(() => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(deferred);
    } catch (error) {
      return { content: null, problems: [{ text: t('json_invalid', { message: (error as Error).message }) }] };
    }
    if (!taskType || !drawType) return { content: null, problems: [{ text: t('choose_category_first') }] };
    const rules: TemplateCategory = { task_type: taskType, draw_type: drawType };
    const result = checkTemplate(parsed, rules, { sampleImage });
    const list = isVisualDocument(parsed) ? (parsed.components as Comp[]) : [];
    const problems = result.problems.map(
      (problem): ShownProblem => ({
        text: problemText(problem),
        componentId:
          problem.component_id ??
          (problem.code === 'schema_invalid' ? componentAtPath(list, String(problem.params?.path ?? '')) : undefined),
      }),
    );
    return { content: result.content, problems };
  }, [deferred, taskType, drawType, sampleImage, t, problemText]);

  /** Problems by the component they name, for the visual editor's cards and property panel. */
  const problemsById = useMemo(() => {
    const byId = new Map<string, string[]>();
    for (const p of checked.problems)
      if (p.componentId) byId.set(p.componentId, [...(byId.get(p.componentId) ?? []), p.text]);
    return byId;
  }, [checked.problems]);

  const changeComponents = useCallback((components: Comp[]) => {
    setText((current) => {
      let doc: Record<string, unknown> = { version: 1 };
      try {
        doc = JSON.parse(current) as Record<string, unknown>;
      } catch {}
      return JSON.stringify({ ...doc, components }, null, 2);
    });
  }, []);

  function switchMode(next: string) {
    if (next === 'visual' && !parseVisual(text)) {
      void message.error(t('visual.blocked_json'));
      return;
    }
    setMode(next as Mode);
  }

  const save = useMutation({
    mutationFn: async () => {
      const content = JSON.parse(text);
      const fields = { name: name.trim(), content, ...(sample !== undefined ? { sample_image: sample } : {}) };
      if (template) {
        const input = { id: template.id, ...fields, category_id: categoryId };
        return updateTemplate(common, input);
      }
      const input = { ...fields, category_id: categoryId ?? 0 };
      return createTemplate(common, input);
    },
    onSuccess: async () => {
      void message.success(t('saved'));
      await changed();
      onClose();
    },
    onError: (error) => {
      const details = error instanceof ApiError ? (error.details as { problems?: { message: string }[] }) : undefined;
      if (details?.problems) setSaveProblems(details.problems);
      else showError(error);
    },
  });

  function chooseCategory(id: number) {
    setCategoryId(id);
    // A new, still empty document starts from the category's template in the user's language.
    const starting = categories.data?.list.find((c) => c.id === id)?.template;
    if (!template && starting && (text.trim() === '' || text === EMPTY)) setText(JSON.stringify(starting, null, 2));
  }

  const canSave = name.trim().length > 0 && categoryId !== undefined && checked.problems.length === 0;
  const needsSample =
    checked.content !== null &&
    flattenComponents(checked.content.components).some(([c]) => c.type === 'keypoints' && c.reference_image);

  return (
    <Modal
      open={open}
      width={1320}
      title={template ? t(readOnly ? 'view_title' : 'edit_title', { name: template.name }) : t('create_title')}
      okText={t('common:save')}
      okButtonProps={{ disabled: !canSave, loading: save.isPending, ...{ 'data-testid': 'template-save' } }}
      onOk={() => {
        setSaveProblems([]);
        save.mutate();
      }}
      onCancel={onClose}
      destroyOnHidden
      {...(readOnly ? { footer: null } : {})}
    >
      <Form layout="vertical">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label={t('name')} required>
              <Input
                value={name}
                maxLength={30}
                readOnly={readOnly}
                onChange={(e) => setName(e.target.value)}
                data-testid="template-name"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('category')} required>
              <Select
                value={categoryId}
                disabled={readOnly}
                onChange={chooseCategory}
                loading={categories.isLoading}
                options={[
                  ...(categories.data?.list ?? []).map((c) => ({ value: c.id, label: c.name })),
                  // A template whose category was disabled keeps showing it.
                  ...(template && !categories.data?.list.some((c) => c.id === template.category_id)
                    ? [{ value: template.category_id, label: template.category_name }]
                    : []),
                ]}
                data-testid="template-category"
              />
            </Form.Item>
          </Col>
        </Row>
        {(needsSample || sampleImage) && (
          <Form.Item label={t('sample_image')} extra={t('sample_image_help')}>
            <ImageField current={template?.sample_image} value={sample} onChange={setSample} testId="template-sample" />
          </Form.Item>
        )}
        <Tabs
          activeKey={mode}
          onChange={switchMode}
          destroyOnHidden
          size="small"
          items={[
            {
              key: 'visual',
              label: <span data-testid="template-mode-visual">{t('visual.mode_visual')}</span>,
              children: visualDoc && (
                <VisualEditor
                  components={visualDoc.components}
                  onChange={changeComponents}
                  selected={selected}
                  onSelect={setSelected}
                  problems={problemsById}
                  readOnly={readOnly}
                />
              ),
            },
            {
              key: 'json',
              label: <span data-testid="template-mode-json">{t('visual.mode_json')}</span>,
              children: (
                <Row gutter={16}>
                  <Col span={12}>
                    <Form.Item label={t('content')} extra={t('content_help')}>
                      <Input.TextArea
                        className="template-json"
                        value={text}
                        onChange={(e) => setText(e.target.value)}
                        readOnly={readOnly}
                        autoSize={{ minRows: 18, maxRows: 28 }}
                        spellCheck={false}
                        data-testid="template-json"
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Typography.Title level={5}>{t('preview')}</Typography.Title>
                    <TemplatePreview content={checked.content} />
                  </Col>
                </Row>
              ),
            },
            {
              key: 'preview',
              label: <span data-testid="template-mode-preview">{t('preview')}</span>,
              children: <TemplatePreview content={checked.content} />,
            },
          ]}
        />
        <ProblemList
          problems={checked.problems}
          onSelect={
            mode === 'visual'
              ? (id) => {
                  setSelected(id);
                  document
                    .querySelector(`[data-testid="canvas-component-${CSS.escape(id)}"]`)
                    ?.scrollIntoView({ block: 'nearest' });
                }
              : undefined
          }
        />
        {saveProblems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 8 }}
            message={t('save_refused')}
            description={
              <ul>
                {saveProblems.map((p) => (
                  <li key={p.message}>{p.message}</li>
                ))}
              </ul>
            }
          />
        )}
      </Form>
    </Modal>
  );
}
