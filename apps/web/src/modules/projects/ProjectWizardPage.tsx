import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TProjectDetail } from '@app/contracts';
import { WIZARD_STEPS } from '@app/contracts/procedures/projects.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Result, Skeleton, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes.ts';
import { ProjectStatusTag } from './project-actions.tsx';
import { LIST_PATH, projectDetailQuery, projectKey } from './queries.ts';
import { BatchesStep } from './wizard/BatchesStep.tsx';
import { ConfirmStep, DataStep } from './wizard/DataSteps.tsx';
import { FinishPanel } from './wizard/FinishPanel.tsx';
import { InfoStep } from './wizard/InfoStep.tsx';
import { PeopleStep } from './wizard/PeopleStep.tsx';
import { ProcessesStep } from './wizard/ProcessesStep.tsx';
import { TasksStep } from './wizard/TasksStep.tsx';
import { TemplateStep } from './wizard/TemplateStep.tsx';

const LAST = WIZARD_STEPS.length - 1;
/** Past the last step: the finish screen. */
const FINISHED = WIZARD_STEPS.length;

const idOf = (raw: string | null) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
const clampStep = (n: number) => Math.max(0, Math.min(LAST, Math.floor(n)));

function BackToList() {
  const { t } = useTranslation('projects');
  return (
    <Link to={LIST_PATH} data-testid="wizard-to-list">
      <ArrowLeftOutlined /> {t('back_to_list')}
    </Link>
  );
}

/**
 * `/production/project-create[?id=&step=]`: the project wizard. Every step saves on Next, so leaving keeps the
 * draft; `?id=` resumes it at the step its creator reached (`wizard_step`).
 */
export function ProjectWizardPage() {
  const { t } = useTranslation(['projects', 'common']);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = idOf(params.get('id'));
  const project = useQuery({ ...projectDetailQuery(id ?? 0), enabled: id !== null });
  // The step shown; null until the draft is loaded (then its wizard_step, or ?step= when not beyond it).
  const [chosen, setChosen] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  if (id !== null && project.error instanceof ApiError && project.error.code === 'not_found') {
    return (
      <Card>
        <Result status="404" title={t('not_found')} extra={<BackToList />} />
      </Card>
    );
  }
  if (id !== null && project.isError && !project.data) {
    return <LoadFailed error={project.error} onRetry={() => project.refetch()} />;
  }
  if (id !== null && !project.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const data = id !== null ? project.data : undefined;
  const reached = data ? clampStep(data.wizard_step) : 0;
  const asked = params.get('step');
  const initial = asked !== null && /^\d$/.test(asked) ? Math.min(clampStep(Number(asked)), reached) : reached;
  const current = chosen ?? initial;
  const editable = !data || data.status === 'draft' || data.status === 'releasing';

  const go = (step: number) => {
    const move = () => {
      setDirty(false);
      setChosen(step);
      window.scrollTo({ top: 0 });
    };
    if (!dirty) return move();
    modal.confirm({
      title: t('common:unsaved_changes'),
      okText: t('common:leave'),
      cancelText: t('common:stay'),
      onOk: move,
    });
  };
  const next = (detail?: TProjectDetail) => {
    setDirty(false);
    if (detail) {
      queryClient.setQueryData(projectKey(detail.id), detail);
      if (detail.id !== id) setParams({ id: String(detail.id) }, { replace: true });
    }
    void queryClient.invalidateQueries({ queryKey: projectKey(detail?.id ?? id ?? 0) });
    setChosen(Math.min(current + 1, FINISHED));
    window.scrollTo({ top: 0 });
  };
  const back = () => go(Math.max(0, current - 1));

  const stepProps = data ? { project: data, onNext: next, onBack: back, onDirty: setDirty } : undefined;
  const body = () => {
    if (current === 0) return <InfoStep project={data} onNext={next} onDirty={setDirty} />;
    if (!stepProps) return null;
    switch (WIZARD_STEPS[current]) {
      case 'template':
        return <TemplateStep {...stepProps} />;
      case 'data':
        return <DataStep {...stepProps} />;
      case 'confirm':
        return <ConfirmStep {...stepProps} />;
      case 'batches':
        return <BatchesStep {...stepProps} />;
      case 'processes':
        return <ProcessesStep {...stepProps} />;
      case 'tasks':
        return <TasksStep {...stepProps} />;
      case 'people':
        return <PeopleStep {...stepProps} />;
      default:
        return <FinishPanel project={stepProps.project} />;
    }
  };

  return (
    <Card
      title={
        <Space wrap>
          <BackToList />
          <span data-testid="wizard-title">{data ? data.name : t('create_title')}</span>
          {data && <ProjectStatusTag status={data.status} />}
        </Space>
      }
    >
      {!editable && data ? (
        <Result
          status="info"
          title={t('wizard_not_editable', { status: t(`status_${data.status}`) })}
          extra={<BackToList />}
        />
      ) : (
        <>
          <Steps
            size="small"
            current={Math.min(current, LAST)}
            status={current === FINISHED ? 'finish' : 'process'}
            onChange={(step) => go(step)}
            items={WIZARD_STEPS.map((step, index) => ({
              title: t(`step_${step}`),
              disabled: !data || index > Math.max(reached, current),
            }))}
            style={{ marginBottom: 24 }}
            data-testid="wizard-steps"
          />
          {body()}
        </>
      )}
    </Card>
  );
}
