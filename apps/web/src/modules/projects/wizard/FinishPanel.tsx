import type { TProjectDetail } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { detailPath, LIST_PATH, publishProject, useProjectsChanged } from '../queries.ts';

/** After the last step: publish now (to the platform audit) or go back to the list. */
export function FinishPanel({ project }: { project: TProjectDetail }) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useProjectsChanged();
  const publish = useMutation({
    mutationFn: () => publishProject(project.id),
    onSuccess: async (detail) => {
      void message.success(t('done_publish', { name: detail.name }));
      await changed(detail);
      navigate(LIST_PATH);
    },
  });
  return (
    <Result
      status="success"
      title={t('finish_title', { name: project.name })}
      subTitle={t('finish_text')}
      data-testid="wizard-finished"
      extra={[
        <Button
          key="publish"
          type="primary"
          loading={publish.isPending}
          onClick={() => publish.mutate()}
          data-testid="wizard-publish"
        >
          {t('publish_now')}
        </Button>,
        <Button key="detail" onClick={() => navigate(detailPath(project.id))}>
          {t('open_detail')}
        </Button>,
        <Button key="list" onClick={() => navigate(LIST_PATH)} data-testid="wizard-finish-list">
          {t('back_to_list')}
        </Button>,
      ]}
    />
  );
}
