import { LockOutlined } from '@ant-design/icons';
import type { TPracticeSetItem } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Pagination, Row, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import type { Paging } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { practiceSetsQuery } from './queries.ts';
import { StartPracticeModal } from './StartPracticeModal.tsx';
import { useJoinSet } from './use-join-set.tsx';

/**
 * `/trainingcamp/train`: the published practice sets of the current organisation as cards with my progress; join a
 * set, then start a session choosing the number of questions, where they come from and the font size. A set of
 * another organisation answers a warning (switch organisation first).
 */
export function TrainPage() {
  const { t } = useTranslation(['practice', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>({}, 20);
  const [starting, setStarting] = useState<TPracticeSetItem>();

  const list = useQuery({
    ...practiceSetsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const joinSet = useJoinSet();

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const sets = list.data?.list ?? [];

  return (
    <Card>
      <ListToolbar>
        <SearchInput
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="practice-search"
        />
      </ListToolbar>
      <Spin spinning={list.isFetching}>
        {sets.length === 0 ? (
          <Empty description={list.isLoading ? t('loading') : t('empty_sets')} />
        ) : (
          <Row gutter={[16, 16]}>
            {sets.map((set) => (
              <Col key={set.id} xs={24} sm={12} lg={8} xl={6}>
                <Card
                  size="small"
                  title={
                    <Link to={`/trainingcamp/trainDetail?id=${set.id}`} data-user-content>
                      {set.name}
                    </Link>
                  }
                  data-testid={`practice-set-${set.id}`}
                  extra={set.my_join_status === 1 ? <Tag color="green">{t('joined')}</Tag> : null}
                  actions={[
                    set.my_join_status === 1 ? (
                      <Button
                        key="start"
                        type="link"
                        onClick={() => {
                          setStarting(set);
                        }}
                        data-testid={`practice-start-${set.id}`}
                      >
                        {t('start')}
                      </Button>
                    ) : (
                      <Button
                        key="join"
                        type="link"
                        icon={set.locked ? <LockOutlined /> : undefined}
                        loading={joinSet.joiningId === set.id}
                        onClick={() => joinSet.start(set)}
                        data-testid={`practice-join-${set.id}`}
                      >
                        {t('join')}
                      </Button>
                    ),
                  ]}
                >
                  <Space direction="vertical" size={4}>
                    <span>{set.description || '\u00a0'}</span>
                    <Space wrap>
                      <Tag>{t('question_count', { count: set.data_count })}</Tag>
                      <Tag>{t('per_session', { count: set.per_session })}</Tag>
                      {set.locked && set.my_join_status === 0 ? <Tag color="orange">{t('locked')}</Tag> : null}
                    </Space>
                    <span>
                      {t('progress', { answered: set.my_answered, total: set.data_count, correct: set.my_correct })}
                    </span>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        current={paging.page}
        pageSize={paging.pageSize}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        onChange={(page, pageSize) => setPaging({ page, pageSize: pageSize as Paging['pageSize'] })}
      />
      {joinSet.dialog}
      <StartPracticeModal set={starting} onClose={() => setStarting(undefined)} />
    </Card>
  );
}
