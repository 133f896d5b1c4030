import type { TReviewSwitches } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../shared/query-client.ts';
import { mySiteReviewsQuery, REVIEWS_KEY, updateMySiteReviews } from '../queries.ts';

/**
 * The organisation's review gates (`/site/my-reviews`): content managers review new questions; the platform audits
 * published projects, which the organisation may turn off only where the platform allows it.
 */
export function ReviewSwitches() {
  const { t } = useTranslation('my-site');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reviews = useQuery(mySiteReviewsQuery());
  const save = useMutation({
    mutationFn: (change: Partial<Pick<TReviewSwitches, 'question_review' | 'project_audit'>>) =>
      updateMySiteReviews(change),
    onSuccess: (saved) => {
      queryClient.setQueryData(REVIEWS_KEY, saved);
      void message.success(t('reviews_saved'));
    },
    onError: (error) => showError(error),
  });
  const data = reviews.data;
  return (
    <Card size="small" title={t('reviews_title')} style={{ marginTop: 24, maxWidth: 640 }} loading={!data}>
      {data && (
        <Space orientation="vertical" size={16}>
          <div>
            <Space>
              <Switch
                checked={data.question_review}
                loading={save.isPending}
                onChange={(question_review) => save.mutate({ question_review })}
                data-testid="reviews-question"
              />
              <Typography.Text strong>{t('reviews_question')}</Typography.Text>
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t('reviews_question_help')}
            </Typography.Paragraph>
          </div>
          <div>
            <Space>
              <Switch
                checked={data.project_audit}
                disabled={!data.project_audit_optional}
                loading={save.isPending}
                onChange={(project_audit) => save.mutate({ project_audit })}
                data-testid="reviews-project-audit"
              />
              <Typography.Text strong>{t('reviews_project_audit')}</Typography.Text>
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t(data.project_audit_optional ? 'reviews_project_audit_help' : 'reviews_project_audit_fixed')}
            </Typography.Paragraph>
          </div>
        </Space>
      )}
    </Card>
  );
}
