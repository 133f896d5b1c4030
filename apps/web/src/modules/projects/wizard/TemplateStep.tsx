import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Radio, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { setProjectTemplate, templateOptionsQuery } from '../queries.ts';
import { StepFooter } from './StepFooter.tsx';
import { TemplateLabels } from './TemplateLabels.tsx';
import type { StepProps } from './wizard-types.ts';

/** The wizard's template step: one of the templates of the project's category, common or the organisation's. */
export function TemplateStep({ project, onNext, onBack, onDirty }: StepProps) {
  const { t } = useTranslation('projects');
  const templates = useQuery(templateOptionsQuery(project.category_id));
  const [picked, setPicked] = useState<number | null>(project.template_id);
  const save = useMutation({
    mutationFn: (template_id: number) => setProjectTemplate({ project_id: project.id, template_id }),
    onSuccess: (detail) => onNext(detail),
  });
  const list = (templates.data?.list ?? []).filter((tpl) => tpl.category_id === project.category_id);
  // The only template of the category is the obvious choice.
  const chosen = picked ?? (list.length === 1 ? (list[0]?.id ?? null) : null);

  const body = () => {
    if (templates.isError && !templates.data) {
      return <LoadFailed error={templates.error} onRetry={() => templates.refetch()} />;
    }
    if (templates.isLoading) return <Skeleton active />;
    if (!list.length) return <Empty description={t('no_templates', { category: project.category_name })} />;
    return (
      <Radio.Group
        value={chosen}
        onChange={(e) => {
          setPicked(e.target.value as number);
          onDirty(e.target.value !== project.template_id);
        }}
        style={{ width: '100%' }}
        data-testid="template-choice"
      >
        <Row gutter={[16, 16]}>
          {list.map((tpl) => (
            <Col key={tpl.id} xs={24} sm={12} lg={8}>
              <Card
                size="small"
                hoverable
                onClick={() => {
                  setPicked(tpl.id);
                  onDirty(tpl.id !== project.template_id);
                }}
                style={chosen === tpl.id ? { borderColor: 'var(--ant-color-primary)' } : undefined}
                data-testid={`template-option-${tpl.id}`}
              >
                <Radio value={tpl.id}>
                  <Space>
                    {tpl.name}
                    <Tag color={tpl.scope === 'common' ? 'blue' : 'purple'}>{t(`template_scope_${tpl.scope}`)}</Tag>
                  </Space>
                </Radio>
              </Card>
            </Col>
          ))}
        </Row>
      </Radio.Group>
    );
  };

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>{t('template_hint', { category: project.category_name })}</Typography.Text>
        <Link to="/production/template" target="_blank">
          {t('manage_templates')}
        </Link>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => templates.refetch()}>
          {t('refresh')}
        </Button>
      </Space>
      {body()}
      {chosen !== null && (
        <div style={{ marginTop: 16 }}>
          <TemplateLabels templateId={chosen} />
        </div>
      )}
      <StepFooter
        onBack={onBack}
        onNext={() => chosen && save.mutate(chosen)}
        loading={save.isPending}
        disabled={!chosen}
        nextLabel={t('save_and_next')}
      />
    </>
  );
}
