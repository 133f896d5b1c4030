import type { TProjectDetail } from '@app/contracts';
import { WIZARD_STEPS } from '@app/contracts/procedures/projects.ts';
import { Alert, Card, Col, Descriptions, List, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatTime } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import { AttachmentUploader } from '../../project-data/index.ts';
import { ProjectStatusTag } from '../project-actions.tsx';
import { wizardPath } from '../queries.ts';

/** Which wizard step completes each missing part. */
const STEP_OF_MISSING: Record<TProjectDetail['missing'][number], (typeof WIZARD_STEPS)[number]> = {
  template: 'template',
  data: 'data',
  batches: 'batches',
  steps: 'processes',
  tasks: 'tasks',
  people: 'people',
};

export function InfoTab({ project }: { project: TProjectDetail }) {
  const { t } = useTranslation('projects');
  const editable = project.status === 'draft' || project.status === 'releasing';
  const { detail } = useSession();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {project.status === 'auditing' && (
        <Alert
          type="info"
          showIcon
          title={t('status_auditing')}
          description={t('auditing_next')}
          action={
            'system-project-audit' in detail.user.auth_menus && (
              <Link to="/system/project-audit" data-testid="project-audit-queue">
                {t('auditing_queue')}
              </Link>
            )
          }
          data-testid="project-auditing"
        />
      )}
      {project.audit_reason && project.status === 'releasing' && (
        <Alert
          type="error"
          showIcon
          title={t('audit_refused')}
          description={project.audit_reason}
          data-testid="project-audit-reason"
        />
      )}
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 140 } }} data-testid="project-info">
            <Descriptions.Item label={t('id')}>{project.id}</Descriptions.Item>
            <Descriptions.Item label={t('name')}>{project.name}</Descriptions.Item>
            <Descriptions.Item label={t('category')}>{project.category_name}</Descriptions.Item>
            <Descriptions.Item label={t('template')}>{project.template_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <ProjectStatusTag status={project.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('window')}>
              {formatTime(project.start_at)} ~ {formatTime(project.end_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('leader')}>{project.leader?.nickname ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('creator')}>{project.creator?.nickname ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('data_source')}>
              {project.data_source ? t(`data_source_${project.data_source}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('item_count')}>
              {project.item_count} ({formatBytes(project.total_bytes)})
            </Descriptions.Item>
            <Descriptions.Item label={t('counts')}>
              {t('counts_text', {
                batches: project.batch_count,
                steps: project.step_count,
                tasks: project.task_count,
                people: project.participant_count,
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('publisher')}>
              {project.publisher
                ? [project.publisher.nickname, project.released_at && formatTime(project.released_at)]
                    .filter(Boolean)
                    .join(' · ')
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('description')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {project.description || '—'}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('notes')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {project.notes || '—'}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('created_at')}>{formatTime(project.created_at)}</Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} xl={10}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {project.missing.length > 0 && (
              <Card size="small" title={t('missing_title')} data-testid="project-missing">
                <List
                  size="small"
                  dataSource={project.missing}
                  renderItem={(part) => {
                    const step = WIZARD_STEPS.indexOf(STEP_OF_MISSING[part]);
                    return (
                      <List.Item
                        extra={
                          editable && (
                            <Link to={wizardPath(project.id, step)}>
                              {t('missing_go', { step: t(`step_${WIZARD_STEPS[step]}`) })}
                            </Link>
                          )
                        }
                      >
                        {t(`missing_${part}`)}
                      </List.Item>
                    );
                  }}
                />
              </Card>
            )}
            <Card size="small" title={t('attachments')}>
              <AttachmentUploader projectId={project.id} />
            </Card>
          </Space>
        </Col>
      </Row>
    </Space>
  );
}
