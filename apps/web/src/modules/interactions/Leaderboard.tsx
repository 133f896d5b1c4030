import { TrophyFilled } from '@ant-design/icons';
import type { TRunLive } from '@app/contracts';
import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const MEDALS = ['#d4b106', '#8c8c8c', '#ad6800'];

/** The run's best students by points (numbered instead of named when the interaction is anonymous). */
export function Leaderboard({ rows }: { rows: TRunLive['leaderboard'] }) {
  const { t } = useTranslation('interactions');
  return (
    <Card size="small" title={t('leaderboard')} data-testid="interact-leaderboard">
      <List
        dataSource={rows}
        renderItem={(row, place) => (
          <List.Item extra={<Typography.Text strong>{t('points_n', { points: row.points })}</Typography.Text>}>
            <List.Item.Meta
              avatar={
                place < 3 ? <TrophyFilled style={{ color: MEDALS[place], fontSize: 20 }} /> : <span>{place + 1}</span>
              }
              title={row.name}
              description={t('right_n', { count: row.correct })}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
