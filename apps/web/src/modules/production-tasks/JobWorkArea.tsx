import type { TJobView } from '@app/contracts';
import { Alert, Card, Col, Descriptions, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { hasAudioTool, LazyAudioAnnotator } from '../annotation-tools/audio/AudioToolSlot.tsx';
import { hasImageTools } from '../annotation-tools/image/image-tools.ts';
import { LazyImageAnnotator } from '../annotation-tools/image/LazyImageAnnotator.tsx';
import { hasPointCloudTool, LazyPointCloudAnnotator } from '../annotation-tools/pointcloud/PointCloudToolSlot.tsx';
import { hasTextTool, LazyTextAnnotator } from '../annotation-tools/text/TextToolSlot.tsx';
import { hasVideoTool, LazyVideoAnnotator } from '../annotation-tools/video/VideoToolSlot.tsx';
import { ItemView } from './ItemView.tsx';
import { TemplateForm } from './TemplateForm.tsx';
import type { FieldValue, WorkResult } from './work-result.ts';

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
  const drawsOnImage = job.item.kind === 'image' && !!job.item.url && hasImageTools(job.template);
  // Canvases (image, video, point cloud) take the wider column; the form sits beside them.
  const wide =
    drawsOnImage ||
    hasPointCloudTool(job.template) ||
    (job.item.kind === 'video' && !!job.item.url && hasVideoTool(job.template));
  return (
    <Row gutter={[16, 16]} data-testid="job-work-area">
      <Col xs={24} lg={wide ? 16 : 14}>
        <Card size="small" title={t('data_item')}>
          {drawsOnImage && job.template ? (
            <LazyImageAnnotator
              template={job.template}
              item={job.item}
              value={value}
              onChange={onChange}
              readOnly={readOnly}
            />
          ) : hasPointCloudTool(job.template) ? (
            <LazyPointCloudAnnotator
              template={job.template}
              item={job.item}
              value={value}
              onChange={onChange}
              readOnly={readOnly}
            />
          ) : job.item.kind === 'video' && job.item.url && hasVideoTool(job.template) ? (
            <LazyVideoAnnotator
              template={job.template}
              item={job.item}
              value={value}
              onChange={onChange}
              readOnly={readOnly}
            />
          ) : job.item.kind === 'audio' && hasAudioTool(job.template) ? (
            <LazyAudioAnnotator
              template={job.template}
              item={job.item}
              value={value}
              onChange={onChange}
              readOnly={readOnly}
            />
          ) : hasTextTool(job.template) ? (
            <LazyTextAnnotator
              template={job.template}
              item={job.item}
              value={value}
              onChange={onChange}
              readOnly={readOnly}
            />
          ) : (
            <ItemView item={job.item} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={wide ? 8 : 10}>
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
