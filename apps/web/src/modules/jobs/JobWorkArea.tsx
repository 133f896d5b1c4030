import type { TJobView } from '@app/contracts';
import { Alert, Descriptions, Typography } from 'antd';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import {
  type FieldValue,
  hasAudioTool,
  hasImageTools,
  hasPointCloudTool,
  hasTextTool,
  hasVideoTool,
  LazyAudioAnnotator,
  LazyImageAnnotator,
  LazyPointCloudAnnotator,
  LazyTextAnnotator,
  LazyVideoAnnotator,
  type MediaToolProps,
  type WorkResult,
} from '../annotation-tools/index.ts';
import { ItemView } from './ItemView.tsx';
import { hasFormControls, TemplateForm } from './TemplateForm.tsx';

/** The media tool a job opens with (the first that fits its item and template); none shows the item as it is. */
function mediaToolOf(job: TJobView): { Tool: ComponentType<MediaToolProps> } | null {
  const { item, template } = job;
  if (item.kind === 'image' && item.url && hasImageTools(template)) return { Tool: LazyImageAnnotator };
  if (hasPointCloudTool(template)) return { Tool: LazyPointCloudAnnotator };
  if (item.kind === 'video' && item.url && hasVideoTool(template)) return { Tool: LazyVideoAnnotator };
  if (item.kind === 'audio' && hasAudioTool(template)) return { Tool: LazyAudioAnnotator };
  if (hasTextTool(template)) return { Tool: LazyTextAnnotator };
  return null;
}

/**
 * The job frame below its header: the tool (or the item as it is) fills the main area; the side panel holds the
 * work under review or the rework reason, the tool's list of shapes (the tool renders it into `panel`) and the
 * template's form bound to `result.fields`.
 */
export function JobWorkArea({
  job,
  value,
  onChange,
  readOnly,
}: {
  job: TJobView;
  value: WorkResult;
  onChange: (value: WorkResult) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('jobs');
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const setField = (name: string, field: FieldValue) =>
    onChange({ ...value, fields: { ...value.fields, [name]: field } });
  const tool = job.template ? mediaToolOf(job) : null;
  const form = !tool || hasFormControls(job.template);
  return (
    <div className="job-frame-body" data-testid="job-work-area">
      <main className="job-frame-main">
        {tool && job.template ? (
          <tool.Tool
            template={job.template}
            item={job.item}
            value={value}
            onChange={onChange}
            readOnly={readOnly}
            panel={panel}
          />
        ) : (
          <ItemView item={job.item} />
        )}
      </main>
      <aside className="job-frame-side" data-testid="job-side-panel" aria-label={t('side_panel')}>
        {job.subject && (
          <section data-testid="job-subject">
            <Typography.Text strong>{t('review_subject')}</Typography.Text>
            <Descriptions size="small" column={1} style={{ marginTop: 4 }}>
              <Descriptions.Item label={t('worked_by')}>{job.subject.operator?.nickname ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('submitted_at')}>{formatTime(job.subject.submitted_at)}</Descriptions.Item>
            </Descriptions>
            {!job.subject.editable && <Typography.Text type="secondary">{t('review_read_only')}</Typography.Text>}
          </section>
        )}
        {job.reason && job.status === 'in_progress' && (
          <Alert type="warning" showIcon title={t('rework_reason')} description={job.reason} data-testid="job-reason" />
        )}
        {tool && <section ref={setPanel} data-testid="job-shape-panel" />}
        {form && (
          <section>
            <Typography.Text strong>{t('annotation')}</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <TemplateForm template={job.template} fields={value.fields} onChange={setField} readOnly={readOnly} />
            </div>
          </section>
        )}
      </aside>
    </div>
  );
}
