import type { TPracticeSession } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { percent, resultPath, StartPracticeModal, sessionPath, useJoinSet } from '../practice/index.ts';
import { trainDetailQuery } from './queries.ts';

/**
 * `/trainingcamp/trainDetail?id=`: a practice set's description, pool size and my progress, my sessions of it, and
 * joining or starting it (question count, source, font size). A set of another organisation of mine shows the
 * warning: practising it needs switching to that organisation first.
 */
export function TrainDetailPage() {
  const { t } = useTranslation(['learner-home', 'practice', 'common']);
  const { modal } = App.useApp();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [starting, setStarting] = useState(false);
  const detail = useQuery({ ...trainDetailQuery(id), enabled: valid });
  const joinSet = useJoinSet();
  if (!valid) return <Empty description={t('no_set')} />;
  if (detail.isError && !detail.data) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const set = detail.data;
  const otherSiteWarning = () =>
    modal.warning({ title: t('other_site_title'), content: t('other_site', { site: set.site.name }) });
  const canJoin = set.status === 'published';

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={set.name}
        data-testid="train-detail"
        extra={
          set.my_join_status === 1 ? (
            <Button
              type="primary"
              disabled={set.status === 'closed'}
              onClick={() => (set.other_site ? otherSiteWarning() : setStarting(true))}
              data-testid="train-detail-start"
            >
              {t('practice:start')}
            </Button>
          ) : (
            <Button
              type="primary"
              disabled={!canJoin}
              loading={joinSet.joiningId === set.id}
              onClick={() =>
                set.other_site
                  ? otherSiteWarning()
                  : joinSet.start({ id: set.id, name: set.name, locked: !set.unlocked })
              }
              data-testid="train-detail-join"
            >
              {t('practice:join')}
            </Button>
          )
        }
      >
        {set.other_site ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('other_site', { site: set.site.name })}
            data-testid="train-detail-other-site"
          />
        ) : null}
        {set.status === 'closed' ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('closed_note')} />
        ) : null}
        {!set.unlocked ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('locked_note')}
            action={<Link to="/cdkey/mycdkey">{t('redeem')}</Link>}
          />
        ) : null}
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('organisation')}>{set.site.name}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            {set.my_join_status === 1 ? <Tag color="green">{t('practice:joined')}</Tag> : <Tag>{t('not_joined')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('pool_size')}>
            <span data-testid="train-detail-pool">{set.data_count}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('per_session')}>{set.per_session}</Descriptions.Item>
          <Descriptions.Item label={t('my_answered')}>
            <span data-testid="train-detail-answered">{set.my_answered}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('my_correct')}>{set.my_correct}</Descriptions.Item>
          <Descriptions.Item label={t('description')} span={2}>
            {set.description || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('my_sessions')}>
        <ResponsiveTable<TPracticeSession>
          rowKey="id"
          size="small"
          dataSource={set.sessions}
          pagination={false}
          locale={{ emptyText: t('practice:empty_records') }}
          data-testid="train-detail-sessions"
          columns={[
            { title: t('practice:started_at'), dataIndex: 'started_at', render: (v: string) => formatTime(v) },
            { title: t('practice:source'), dataIndex: 'source', render: (v: string) => t(`practice:source_${v}`) },
            { title: t('practice:answered'), render: (_v, row) => `${row.answered_count} / ${row.total}` },
            { title: t('practice:accuracy'), render: (_v, row) => percent(row.correct_count, row.answered_count) },
            {
              title: t('common:actions'),
              phone: 'actions',
              render: (_v, row) => (
                <Space>
                  {row.finished_at || set.other_site ? null : (
                    <Link to={sessionPath(row.id)}>{t('practice:continue')}</Link>
                  )}
                  {set.other_site ? null : <Link to={resultPath(row.id)}>{t('practice:result')}</Link>}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {joinSet.dialog}
      <StartPracticeModal
        set={starting ? { id: set.id, name: set.name, per_session: set.per_session } : undefined}
        onClose={() => setStarting(false)}
      />
    </Space>
  );
}
