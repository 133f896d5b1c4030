import {
  ArrowLeftOutlined,
  LeftOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  RightOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { TJobBrief, TJobView } from '@app/contracts';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatSeconds, myTasksPath } from '../../shared/task-paths.ts';
import { StepTypeTag } from './task-format.tsx';

interface Props {
  job: TJobView;
  inHand: TJobBrief[];
  /** Seconds left on the lease, or null when the job has none. */
  remaining: number | null;
  saveState: string;
  saveFailed: boolean;
  editable: boolean;
  history: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
  saving: boolean;
  onSave: () => void;
  onHelp: () => void;
  onGo: (jobId: number) => void;
  onExit: () => void;
  /** Submit, or pass / reject / reset for a review, and suspend. */
  decisions: ReactNode;
}

/**
 * The job frame's one-line header, always in view: back to My tasks (the jobs stay in hand), task, project and step;
 * the jobs in hand (previous / next) and the lease; the save state, undo / redo, save, shortcuts, Exit and the
 * decisions (Submit, or Pass / Reject / Reset, and Suspend).
 */
export function JobFrameHeader(props: Props) {
  const { t } = useTranslation(['jobs', 'common']);
  const { job, inHand, remaining, history, editable } = props;
  const navigate = useNavigate();
  const index = inHand.findIndex((j) => j.id === job.id);
  return (
    <header className="job-frame-header" data-testid="job-frame-header">
      <div className="job-frame-title">
        <Tooltip title={t('leave_hint')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(myTasksPath())}
            aria-label={t('back_to_tasks')}
            data-testid="job-leave"
          />
        </Tooltip>
        <Typography.Text strong ellipsis title={job.task_name} data-testid="job-task-name">
          {job.task_name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis title={job.project_name}>
          {job.project_name}
        </Typography.Text>
        <StepTypeTag type={job.step_type} />
      </div>
      <div className="job-frame-group">
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={index <= 0}
          onClick={() => props.onGo(inHand[index - 1]?.id ?? job.id)}
          aria-label={t('previous')}
          title={t('previous')}
          data-testid="job-prev"
        />
        <span data-testid="job-position">
          {index >= 0 ? t('position', { index: index + 1, count: inHand.length }) : t('not_in_hand')}
        </span>
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={index < 0 || index >= inHand.length - 1}
          onClick={() => props.onGo(inHand[index + 1]?.id ?? job.id)}
          aria-label={t('next')}
          title={t('next')}
          data-testid="job-next"
        />
        {remaining !== null && (
          <Tooltip title={t('countdown_hint')}>
            <Tag color={remaining <= 60 ? 'red' : 'blue'} data-testid="job-countdown" style={{ marginInlineEnd: 0 }}>
              {t('countdown', { time: formatSeconds(remaining) })}
            </Tag>
          </Tooltip>
        )}
      </div>
      <div className="job-frame-group">
        <Typography.Text type={props.saveFailed ? 'danger' : 'secondary'} data-testid="job-save-state">
          {props.saveState}
        </Typography.Text>
        {editable && (
          <>
            <Button
              icon={<UndoOutlined />}
              disabled={!history.canUndo}
              onClick={history.undo}
              aria-label={t('undo')}
              title={t('undo')}
              data-testid="job-undo"
            />
            <Button
              icon={<RedoOutlined />}
              disabled={!history.canRedo}
              onClick={history.redo}
              aria-label={t('redo')}
              title={t('redo')}
              data-testid="job-redo"
            />
            <Button loading={props.saving} onClick={props.onSave} data-testid="job-save">
              {t('save_draft')}
            </Button>
          </>
        )}
        <Button
          icon={<QuestionCircleOutlined />}
          onClick={props.onHelp}
          aria-label={t('shortcut_sheet')}
          title={t('shortcut_sheet')}
          data-testid="job-shortcuts"
        />
        <Button onClick={props.onExit} data-testid="job-exit">
          {t('exit')}
        </Button>
        {props.decisions}
      </div>
    </header>
  );
}
