import type { TSimilarQuestion } from '@app/contracts';
import { List, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReviewTag } from './question-format.tsx';
import { useQuestionRoutes } from './question-routes.ts';

/** After a save: the near-duplicates the server found in the bank, each a link, then on to the saved question. */
export function SimilarWarning({ similar, onContinue }: { similar: TSimilarQuestion[]; onContinue: () => void }) {
  const { t } = useTranslation('question-bank');
  const routes = useQuestionRoutes();
  return (
    <Modal
      open
      title={t('similar_warning_title', { count: similar.length })}
      okText={t('similar_continue')}
      okButtonProps={{ ...{ 'data-testid': 'qb-similar-continue' } }}
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      maskClosable={false}
      onOk={onContinue}
      width={680}
    >
      <Typography.Paragraph type="warning">{t('similar_warning_text')}</Typography.Paragraph>
      <List
        size="small"
        dataSource={similar}
        data-testid="qb-similar-list"
        renderItem={(item) => (
          <List.Item>
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Link to={routes.detail(item.id)} target="_blank">
                #{item.id} {item.stem_text}
              </Link>
              <Space size="small">
                <Typography.Text type="secondary">{item.category_name}</Typography.Text>
                <ReviewTag status={item.review_status} />
                <Typography.Text strong>
                  {t('similarity', { value: Math.round(item.similarity * 100) })}
                </Typography.Text>
              </Space>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}
