import type { TRunLive } from '@app/contracts';
import { Button, Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The run's questions in order: which one is current, and a send button on each (to skip ahead or go back). */
export function RunQuestionList({
  live,
  sending,
  onSend,
}: {
  live: TRunLive;
  sending: boolean;
  onSend: (index: number) => void;
}) {
  const { t } = useTranslation(['interactions', 'question-bank']);
  return (
    <Card size="small" title={t('questions')}>
      <List
        dataSource={live.items}
        renderItem={(item, index) => (
          <List.Item
            actions={
              live.status === 'ended'
                ? []
                : [
                    <Button
                      key="send"
                      size="small"
                      type={index === live.current_index ? 'default' : 'link'}
                      disabled={sending}
                      onClick={() => onSend(index)}
                      data-testid={`interact-send-${index}`}
                    >
                      {index === live.current_index ? t('send_again') : t('send')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <span>
                  {index + 1}. {index === live.current_index ? <Tag color="processing">{t('current')}</Tag> : null}
                  <Tag>{t(`question-bank:type_${item.type}`)}</Tag>
                </span>
              }
              description={
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {item.stem_text}
                </Typography.Paragraph>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
