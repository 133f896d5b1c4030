import { EyeOutlined } from '@ant-design/icons';
import type { TQuestionDetail, TQuestionProblem, TQuestionType, TSimilarQuestion } from '@app/contracts';
import { DIFFICULTIES, isChoiceType, QUESTION_LIMITS, QUESTION_TYPES } from '@app/contracts/question-rules.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Modal, Radio, Row, Space, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { showError } from '../../shared/query-client.ts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes.ts';
import {
  type Draft,
  type DraftSpec,
  draftOf,
  draftProblems,
  inputOf,
  judgeOptions,
  newDraft,
  switchType,
} from './editor-draft.ts';
import { LabelPicker, NodePicker } from './KnowledgePickers.tsx';
import { OptionsField } from './OptionsField.tsx';
import { QuestionView } from './QuestionView.tsx';
import {
  categoryTreeQuery,
  createQuestion,
  fileableCategoryOptions,
  privateCategoryTreeQuery,
  updateQuestion,
  useQuestionBankChanged,
} from './queries.ts';
import { useQuestionRoutes } from './question-routes.ts';
import { RichBox } from './RichBox.tsx';
import { SimilarWarning } from './SimilarWarning.tsx';
import { SpecField } from './SpecField.tsx';

/**
 * The question editor: type, rich-text stem, options A-F with the correct ones marked (choices) or the key of the
 * other types (`SpecField`: blanks, accepted answers, rubric, pairs, items, value), analysis, difficulty, source,
 * setter, labels, knowledge nodes and category (passed categories only). The shared rules are checked while typing
 * (`questionProblems`, messages of the server's codes); Ctrl+Enter saves; leaving with unsaved changes asks first.
 * After saving, near-duplicates found by the server are listed before the question's detail opens.
 */
export function QuestionEditor({
  question,
  presetCategoryId,
  onLeft,
}: {
  question?: TQuestionDetail;
  presetCategoryId?: number;
  /** Called after a save has moved on to the question (a kept-alive editor of a new question starts afresh). */
  onLeft?: () => void;
}) {
  const { t } = useTranslation(['question-bank', 'errors', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const routes = useQuestionRoutes();
  const changed = useQuestionBankChanged();
  const [draft, setDraft] = useState<Draft>(() => (question ? draftOf(question) : newDraft(presetCategoryId ?? null)));
  const [baseline, setBaseline] = useState(() => JSON.stringify(inputOf(draft)));
  const [submitted, setSubmitted] = useState(false);
  const [preview, setPreview] = useState(false);
  const [saved, setSaved] = useState<{ id: number; similar: TSimilarQuestion[] } | null>(null);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const tree = useQuery(categoryTreeQuery(true));
  const ownTree = useQuery(privateCategoryTreeQuery());

  const input = inputOf(draft);
  const dirty = JSON.stringify(input) !== baseline;
  useUnsavedChanges(dirty);
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const showProblems = submitted || dirty;
  const categoryMissing = draft.category_id === null;

  // Navigates once the saved state has rendered (the unsaved-changes guard reads the rendered state).
  useEffect(() => {
    if (!leaveTo || dirty) return;
    navigate(leaveTo);
    onLeft?.();
  }, [leaveTo, dirty, navigate, onLeft]);

  const save = useMutation({
    mutationFn: () => {
      const body = { ...input, category_id: draft.category_id! };
      return question ? updateQuestion({ id: question.id, ...body }) : createQuestion(body);
    },
    onSuccess: (result) => {
      setBaseline(JSON.stringify(input));
      void changed();
      void message.success(t('question_saved'));
      if (result.similar.length > 0) setSaved({ id: result.question.id, similar: result.similar });
      else setLeaveTo(routes.detail(result.question.id));
    },
    onError: (error) => {
      setSubmitted(true);
      if (error instanceof ApiError && error.code === 'category_not_passed') void tree.refetch();
      showError(error);
    },
  });

  function submit() {
    setSubmitted(true);
    if (categoryMissing) {
      void message.error(t('category_required'));
      return;
    }
    if (problems.length > 0) {
      void message.error(t(`errors:${problems[0]!.code}`));
      return;
    }
    if (!save.isPending) save.mutate();
  }

  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const setSpec = (change: (spec: DraftSpec) => Partial<DraftSpec>) =>
    setDraft((d) => ({ ...d, spec: { ...d.spec, ...change(d.spec) } }));

  // Nothing typed is lost: options and every type's key stay in the draft; only the type's own part is sent.
  function changeType(type: TQuestionType) {
    setDraft((d) => switchType(d, type, () => judgeOptions(t('judge_true'), t('judge_false'))));
  }

  const problemText = (problem: TQuestionProblem) => t(`errors:${problem.code}`);
  const stemProblems = problems.filter((p) => p.code === 'question_stem_required');
  const listProblems = problems.filter((p) => p.index === undefined && p.code !== 'question_stem_required');
  const judge = draft.type === 'judge';
  const choice = isChoiceType(draft.type);

  return (
    <div
      onKeyDownCapture={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
          event.preventDefault();
          event.stopPropagation();
          submit();
        }
      }}
      data-testid="qb-editor"
    >
      <Card
        title={question ? t('edit_question_title', { id: question.id }) : t('new_question_title')}
        extra={
          <Space>
            <Button icon={<EyeOutlined />} onClick={() => setPreview(true)} data-testid="qb-editor-preview">
              {t('preview')}
            </Button>
            <Button onClick={() => navigate(question ? routes.detail(question.id) : routes.list)}>
              {t('common:cancel')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="qb-editor-save">
              {t('common:save')}
            </Button>
          </Space>
        }
      >
        {question?.review_status === 'failed' && question.review_reason && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('failed_reason_title')}
            description={question.review_reason}
            data-testid="qb-editor-failed-reason"
          />
        )}
        {question?.review_status === 'passed' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('edit_resets_review')} />
        )}
        <Form layout="vertical" component="div">
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item
                label={t('category')}
                required
                validateStatus={submitted && categoryMissing ? 'error' : undefined}
                help={submitted && categoryMissing ? t('category_required') : t('category_passed_only')}
              >
                <TreeSelect<number>
                  value={draft.category_id ?? undefined}
                  onChange={(value) => update({ category_id: value ?? null })}
                  treeData={fileableCategoryOptions(
                    tree.data?.list ?? [],
                    ownTree.data?.list ?? [],
                    t('private_categories'),
                  )}
                  loading={tree.isLoading}
                  showSearch
                  treeNodeFilterProp="title"
                  treeDefaultExpandAll
                  placeholder={t('category_placeholder')}
                  notFoundContent={t('no_passed_categories')}
                  classNames={{ popup: { root: 'qb-editor-category-popup' } }}
                  data-testid="qb-editor-category"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('type')} required>
            <Radio.Group
              className="qb-type-group"
              value={draft.type}
              onChange={(event) => changeType(event.target.value)}
              data-testid="qb-editor-type"
            >
              {QUESTION_TYPES.map((type) => (
                <Radio.Button key={type} value={type}>
                  <span data-testid={`qb-editor-type-${type}`}>{t(`type_${type}`)}</span>
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label={t('stem')}
            required
            validateStatus={showProblems && stemProblems.length ? 'error' : undefined}
            help={showProblems && stemProblems.length ? stemProblems.map(problemText).join(' ') : undefined}
            extra={draft.type === 'blank' ? t('blank_hint') : undefined}
          >
            <RichBox
              initial={draft.stem}
              onChange={(stem) => update({ stem })}
              testId="qb-editor-stem"
              ariaLabel={t('stem')}
            />
          </Form.Item>
          {choice ? (
            <Form.Item
              label={judge ? t('options_judge') : t('options', { max: QUESTION_LIMITS.options })}
              required
              validateStatus={showProblems && listProblems.length ? 'error' : undefined}
              help={showProblems && listProblems.length ? listProblems.map(problemText).join(' ') : undefined}
            >
              <OptionsField draft={draft} setDraft={setDraft} problems={problems} showProblems={showProblems} />
            </Form.Item>
          ) : (
            <SpecField draft={draft} setSpec={setSpec} problems={problems} showProblems={showProblems} />
          )}
          <Form.Item label={t('analysis')}>
            <RichBox
              initial={draft.analysis}
              onChange={(analysis) => update({ analysis })}
              testId="qb-editor-analysis"
              ariaLabel={t('analysis')}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('difficulty')}>
                <Radio.Group
                  value={draft.difficulty}
                  onChange={(event) => update({ difficulty: event.target.value })}
                  options={DIFFICULTIES.map((d) => ({ value: d, label: t(`difficulty_${d}`) }))}
                  data-testid="qb-editor-difficulty"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('source')}>
                <Input
                  value={draft.source}
                  maxLength={QUESTION_LIMITS.source}
                  onChange={(event) => update({ source: event.target.value })}
                  data-testid="qb-editor-source"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('setter')}>
                <Input
                  value={draft.setter}
                  maxLength={QUESTION_LIMITS.setter}
                  onChange={(event) => update({ setter: event.target.value })}
                  data-testid="qb-editor-setter"
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('labels')}>
                <LabelPicker
                  value={draft.label_ids}
                  onChange={(label_ids) => update({ label_ids })}
                  known={question?.labels}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('nodes')}>
                <NodePicker
                  value={draft.node_ids}
                  onChange={(node_ids) => update({ node_ids })}
                  known={question?.nodes}
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t('save_shortcut')}</Typography.Text>
        </Form>
      </Card>
      <Modal
        open={preview}
        title={t('preview')}
        footer={null}
        width={720}
        onCancel={() => setPreview(false)}
        destroyOnHidden
      >
        <QuestionView
          question={{
            type: draft.type,
            stem: draft.stem,
            options: input.options,
            spec: input.spec,
            analysis: draft.analysis,
          }}
          testId="qb-preview"
        />
      </Modal>
      {saved && <SimilarWarning similar={saved.similar} onContinue={() => setLeaveTo(routes.detail(saved.id))} />}
    </div>
  );
}
