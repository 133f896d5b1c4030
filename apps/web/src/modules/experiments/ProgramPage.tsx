import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import type { TSubmission } from '@app/contracts';
import { EXPERIMENT_LIMITS } from '@app/contracts/procedures/experiments.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Collapse, Empty, Input, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiOutput } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { parseId } from '../../shared/task-paths.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { HtmlContent } from '../question-bank/index.ts';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor.tsx';
import { HistoryDrawer } from './HistoryDrawer.tsx';
import { EXPERIMENTS_KEY, runCode, studentExperimentQuery, submitCode } from './queries.ts';
import { RunResultView, SubmitResultView } from './ResultViews.tsx';
import { isSettled, keepCode, storedCode } from './result-format.ts';
import { useSubmission } from './use-submission.ts';
import './experiments.css';

export const STUDENT_LIST_PATH = '/trainingcamp/experiment-code';
const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** `/program?id=`: a code lab, full window: instructions, the editor, Run with my input, Submit, my history. */
export function ProgramPage() {
  const { t } = useTranslation(['experiments', 'common']);
  const id = parseId(useSearchParams()[0].get('id'));
  const navigate = useNavigate();
  const detail = useQuery({ ...studentExperimentQuery(id ?? 0), enabled: id !== null });

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(STUDENT_LIST_PATH)} data-testid="program-back">
      {t('back')}
    </Button>
  );
  if (id === null)
    return (
      <Empty className="program-empty" description={t('not_found')}>
        {back}
      </Empty>
    );
  if (detail.isError) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Skeleton active className="program-empty" />;
  return <Lab key={id} experiment={detail.data} back={back} />;
}

type Experiment = ApiOutput<'/dataset-experiment/student-detail'>;

function Lab({ experiment, back }: { experiment: Experiment; back: ReactNode }) {
  const { t } = useTranslation(['experiments', 'common']);
  const { modal, message } = App.useApp();
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const editor = useRef<CodeEditorHandle>(null);
  const code = useRef(storedCode(localStorage, experiment.id, experiment.starter_code));
  const [stdin, setStdin] = useState('');
  const [tab, setTab] = useState<'run' | 'submit'>('run');
  const [runId, setRunId] = useState<number | null>(null);
  const [submitId, setSubmitId] = useState<number | null>(null);
  const [history, setHistory] = useState(false);
  const run = useSubmission(runId);
  const graded = useSubmission(submitId);

  const settled = `${isSettled(run.data?.status)}:${isSettled(graded.data?.status)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the history whenever a submission settles
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: [...EXPERIMENTS_KEY, 'submissions'] });
    void queryClient.invalidateQueries({ queryKey: [...EXPERIMENTS_KEY, 'student-list'] });
  }, [settled, queryClient]);

  const empty = () => {
    if (code.current.trim()) return false;
    void message.warning(t('code_empty'));
    return true;
  };
  const startRun = useMutation({
    mutationFn: () => runCode(experiment.id, code.current, stdin),
    onSuccess: (queued) => {
      setRunId(queued.id);
      setTab('run');
    },
    onError: showError,
  });
  const startSubmit = useMutation({
    mutationFn: () => submitCode(experiment.id, code.current),
    onSuccess: (queued) => {
      setSubmitId(queued.id);
      setTab('submit');
    },
    onError: showError,
  });
  const busy = startRun.isPending || startSubmit.isPending;
  const onRun = () => !busy && !empty() && startRun.mutate();
  const onSubmit = () => !busy && !empty() && startSubmit.mutate();
  const setCode = (next: string) => {
    code.current = next;
    keepCode(localStorage, experiment.id, next);
    editor.current?.setCode(next);
  };
  const reset = () =>
    modal.confirm({
      title: t('reset_title'),
      content: t('reset_body'),
      okText: t('reset'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () => setCode(experiment.starter_code),
    });
  const mod = MAC ? '⌘' : 'Ctrl';

  const instructions = experiment.instructions ? (
    <HtmlContent html={experiment.instructions} className="program-instructions" testId="program-instructions" />
  ) : (
    <Typography.Text type="secondary">{t('no_instructions')}</Typography.Text>
  );
  const visibleCases = experiment.cases.filter((c) => !c.hidden);
  const limits = (
    <Typography.Paragraph type="secondary" className="program-limits">
      {t('limits_line', {
        cpu: experiment.limits.cpu_ms,
        wall: experiment.limits.wall_ms,
        memory: experiment.limits.memory_mb,
        output: experiment.limits.output_kb,
      })}
      <br />
      {t('cases_line', { count: experiment.cases.length, visible: visibleCases.length })}
    </Typography.Paragraph>
  );

  return (
    <div className="program-page" data-testid="program-page">
      <header className="program-header">
        {back}
        <Typography.Title level={4} ellipsis className="program-title">
          {experiment.title}
        </Typography.Title>
        <Tag>{t(`lang_${experiment.language}`)}</Tag>
        <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="program-history-open">
          {t('history')}
        </Button>
      </header>
      <div className="program-body">
        <aside className="program-side">
          {phone ? (
            <Collapse
              size="small"
              items={[{ key: 'i', label: t('instructions'), children: [instructions, limits] }]}
              data-testid="program-instructions-toggle"
            />
          ) : (
            <>
              <Typography.Title level={5}>{t('instructions')}</Typography.Title>
              {instructions}
              {limits}
            </>
          )}
        </aside>
        <main className="program-main">
          <div className="program-toolbar">
            <Space wrap>
              <Button type="primary" onClick={onRun} loading={startRun.isPending} data-testid="program-run">
                {t('run')}
              </Button>
              <Button onClick={onSubmit} loading={startSubmit.isPending} data-testid="program-submit">
                {t('submit')}
              </Button>
              <Button danger onClick={reset} data-testid="program-reset">
                {t('reset')}
              </Button>
            </Space>
            <Typography.Text type="secondary" className="program-hints">
              {t('shortcut_hints', { mod })}
            </Typography.Text>
          </div>
          <CodeEditor
            ref={editor}
            initial={code.current}
            language={experiment.language}
            label={t('editor_label')}
            onChange={(next) => {
              code.current = next;
              keepCode(localStorage, experiment.id, next);
            }}
            onRun={onRun}
            onSubmit={onSubmit}
          />
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as 'run' | 'submit')}
            items={[
              {
                key: 'run',
                label: t('tab_run'),
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Input.TextArea
                      value={stdin}
                      onChange={(e) => setStdin(e.target.value)}
                      placeholder={t('stdin_placeholder')}
                      aria-label={t('stdin')}
                      maxLength={EXPERIMENT_LIMITS.stdin}
                      autoSize={{ minRows: 2, maxRows: 6 }}
                      className="experiment-code-textarea"
                      data-testid="program-stdin"
                    />
                    {run.data ? (
                      <RunResultView submission={run.data} />
                    ) : (
                      <Typography.Text type="secondary">{t('run_hint')}</Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                key: 'submit',
                label: t('tab_submit'),
                children: graded.data ? (
                  <SubmitResultView submission={graded.data} cases={experiment.cases} />
                ) : (
                  <Typography.Text type="secondary">{t('submit_hint')}</Typography.Text>
                ),
              },
            ]}
          />
        </main>
      </div>
      {history && (
        <HistoryDrawer
          experimentId={experiment.id}
          onClose={() => setHistory(false)}
          onLoad={(submission: TSubmission) => {
            setCode(submission.code);
            setHistory(false);
            void message.success(t('code_loaded'));
          }}
        />
      )}
    </div>
  );
}
