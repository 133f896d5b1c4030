import type { TJobView } from '@app/contracts';
import { Alert, Card, Col, Descriptions, Row, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { hasAudioTool, LazyAudioAnnotator } from '../annotation-tools/audio/AudioToolSlot.tsx';
import { hasImageTools } from '../annotation-tools/image/image-tools.ts';
import { LazyImageAnnotator } from '../annotation-tools/image/LazyImageAnnotator.tsx';
import { hasPointCloudTool, LazyPointCloudAnnotator } from '../annotation-tools/pointcloud/PointCloudToolSlot.tsx';
import { hasTextTool, LazyTextAnnotator } from '../annotation-tools/text/TextToolSlot.tsx';
import type { MediaToolProps } from '../annotation-tools/tool-props.ts';
import { hasVideoTool, LazyVideoAnnotator } from '../annotation-tools/video/VideoToolSlot.tsx';
import { ItemView } from './ItemView.tsx';
import { TemplateForm } from './TemplateForm.tsx';
import type { FieldValue, WorkResult } from './work-result.ts';

/**
 * The media tool a job opens with (the first that fits its item and template), and whether it is a canvas that takes
 * the wider column (image, video, point cloud); none shows the item as it is.
 */
function mediaToolOf(job: TJobView): { Tool: ComponentType<MediaToolProps>; wide: boolean } | null {
  const { item, template } = job;
  if (item.kind === 'image' && item.url && hasImageTools(template)) return { Tool: LazyImageAnnotator, wide: true };
  if (hasPointCloudTool(template)) return { Tool: LazyPointCloudAnnotator, wide: true };
  if (item.kind === 'video' && item.url && hasVideoTool(template)) return { Tool: LazyVideoAnnotator, wide: true };
  if (item.kind === 'audio' && hasAudioTool(template)) return { Tool: LazyAudioAnnotator, wide: false };
  if (hasTextTool(template)) return { Tool: LazyTextAnnotator, wide: false };
  return null;
}

/**
 * The centre of the job frame: the data item and the template's form bound to `result.fields`. The annotation
 * tools of a later issue replace this component; shapes and relations of the value pass through unchanged.
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
  const { t } = useTranslation('tasks');
  const setField = (name: string, field: FieldValue) =>
    onChange({ ...value, fields: { ...value.fields, [name]: field } });
  const tool = mediaToolOf(job);
  return (
    <Row gutter={[16, 16]} data-testid="job-work-area">
      <Col xs={24} lg={tool?.wide ? 16 : 14}>
        <Card size="small" title={t('data_item')}>
          {tool && job.template ? (
            <tool.Tool template={job.template} item={job.item} value={value} onChange={onChange} readOnly={readOnly} />
          ) : (
            <ItemView item={job.item} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={tool?.wide ? 8 : 10}>
        {job.subject && (
          <Card size="small" title={t('review_subject')} style={{ marginBottom: 16 }} data-testid="job-subject">
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('worked_by')}>{job.subject.operator?.nickname ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('submitted_at')}>{formatTime(job.subject.submitted_at)}</Descriptions.Item>
            </Descriptions>
            {!job.subject.editable && <Typography.Text type="secondary">{t('review_read_only')}</Typography.Text>}
          </Card>
        )}
        {job.reason && job.status === 'in_progress' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('rework_reason')}
            description={job.reason}
            data-testid="job-reason"
          />
        )}
        <Card size="small" title={t('annotation')}>
          <TemplateForm template={job.template} fields={value.fields} onChange={setField} readOnly={readOnly} />
          {value.shapes.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('shapes_kept', { count: value.shapes.length })}
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
    </Row>
  );
}
