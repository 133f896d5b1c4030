import type { TTemplateDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../shared/ColorTag.tsx';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { templateDetailQuery } from '../queries.ts';

type Component = TTemplateDetail['content']['components'][number];
interface LabelSet {
  id: string;
  title: string;
  labels: { name: string; color: string; shortcut?: string }[];
}

/** The label sets of a template (`tags` and `tag_group` components, layouts' children included), in document order. */
export function labelSets(components: readonly Component[]): LabelSet[] {
  return components.flatMap((c): LabelSet[] => {
    if (c.type === 'layout') return labelSets(c.children);
    if (c.type === 'tags') return [{ id: c.id, title: c.label || c.id, labels: c.labels }];
    if (c.type === 'tag_group') return [{ id: c.id, title: c.label || c.name, labels: c.labels }];
    return [];
  });
}

/** A template's labels with their colours and shortcuts, for the wizard's template and confirm steps. */
export function TemplateLabels({ templateId }: { templateId: number }) {
  const { t } = useTranslation('projects');
  const detail = useQuery(templateDetailQuery(templateId));
  if (detail.isError && !detail.data) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const sets = labelSets(detail.data.content.components);
  return (
    <Card size="small" title={t('template_labels', { name: detail.data.name })} data-testid="template-labels">
      {sets.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template_no_labels')} />}
      {sets.map((set) => (
        <div key={set.id} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{set.title}: </Typography.Text>
          <Space size={[4, 4]} wrap>
            {set.labels.map((label) => (
              <ColorTag key={label.name} color={label.color} data-testid="template-label">
                {label.name}
                {label.shortcut && <kbd style={{ marginInlineStart: 6 }}>{label.shortcut}</kbd>}
              </ColorTag>
            ))}
          </Space>
        </div>
      ))}
    </Card>
  );
}
