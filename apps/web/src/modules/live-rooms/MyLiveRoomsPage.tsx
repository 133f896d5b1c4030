import { CalendarOutlined, UserOutlined } from '@ant-design/icons';
import type { TLiveRoomRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Pagination, Row, Skeleton, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { RoomStatusTag, useRoomTime } from './LiveRoomShared.tsx';
import { liveRoomPath, type MyRoomsTab, myRoomsQuery, useLiveRoomsChanged } from './queries.ts';
import { useAnyLiveRoomPush } from './use-live-room-push.ts';
import './live-rooms.css';

const TABS: readonly MyRoomsTab[] = ['upcoming', 'past'];
/** Cards per row: one on a phone, two on a tablet, three on a laptop. */
const CARD_COLUMNS = { xs: 24, md: 12, xl: 8 } as const;

/**
 * `/liveroom`: the live rooms of the student's classes, upcoming (live ones first) or past, as cards with the course,
 * the host, the time and the status; "enter" opens a room that is live or about to start. The list follows rooms
 * starting and ending (pushes) without a reload.
 */
export function MyLiveRoomsPage() {
  const { t } = useTranslation(['live-rooms', 'common']);
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const tab: MyRoomsTab = TABS.find((key) => key === params.get('tab')) ?? 'upcoming';
  const { paging, setPaging, firstPage } = useListFilter({}, 10);
  const list = useQuery({ ...myRoomsQuery(tab, paging), placeholderData: keepPreviousData });
  const changed = useLiveRoomsChanged();
  useAnyLiveRoomPush(() => void changed());

  const rows = list.data?.list ?? [];
  return (
    <Card
      title={t('my_rooms_title')}
      data-testid="live-my-rooms"
      styles={phone ? { body: { padding: 12 } } : undefined}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          firstPage();
          setParams({ tab: key }, { replace: true });
        }}
        items={TABS.map((key) => ({ key, label: <span data-testid={`live-tab-${key}`}>{t(`tab_${key}`)}</span> }))}
      />
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isLoading ? (
        <Row gutter={[16, 16]} data-testid="live-my-rooms-loading">
          {[1, 2, 3].map((n) => (
            <Col key={n} {...CARD_COLUMNS}>
              <Card>
                <Skeleton active paragraph={{ rows: 3 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : rows.length === 0 ? (
        <Empty
          description={tab === 'upcoming' ? t('empty_upcoming') : t('empty_past')}
          style={{ margin: '32px 0' }}
          data-testid="live-my-rooms-empty"
        />
      ) : (
        <Spin spinning={list.isFetching && list.isPlaceholderData}>
          <Row gutter={[16, 16]} data-testid="live-my-rooms-list">
            {rows.map((room) => (
              <Col key={room.id} {...CARD_COLUMNS}>
                <RoomCard room={room} />
              </Col>
            ))}
          </Row>
          <Pagination
            className="live-pager"
            align="center"
            simple={phone}
            current={paging.page}
            pageSize={paging.pageSize}
            total={list.data?.total ?? 0}
            hideOnSinglePage
            showSizeChanger={false}
            onChange={(page) => setPaging({ ...paging, page })}
          />
        </Spin>
      )}
    </Card>
  );
}

function RoomCard({ room }: { room: TLiveRoomRow }) {
  const { t } = useTranslation('live-rooms');
  const navigate = useNavigate();
  const timeOf = useRoomTime();
  const open = room.status !== 'ended';
  return (
    <Card size="small" className="live-card" data-testid={`live-card-${room.id}`}>
      <div className="live-card-head">
        <Typography.Title level={2} className="live-card-title" data-user-content>
          {room.title}
        </Typography.Title>
        <RoomStatusTag status={room.status} testId={`live-card-status-${room.id}`} />
      </div>
      <dl className="live-card-facts">
        <dt>{t('course')}</dt>
        <dd data-user-content>{room.course_name ?? t('no_course')}</dd>
        <dt>
          <UserOutlined aria-hidden /> {t('host')}
        </dt>
        <dd data-user-content>{room.host.name}</dd>
        <dt>
          <CalendarOutlined aria-hidden /> {t('time')}
        </dt>
        <dd>{timeOf(room)}</dd>
      </dl>
      {open ? (
        <Button
          type={room.status === 'live' ? 'primary' : 'default'}
          block
          onClick={() => navigate(liveRoomPath(room.id, false))}
          data-testid={`live-card-enter-${room.id}`}
        >
          {room.status === 'live' ? t('enter_live') : t('enter')}
        </Button>
      ) : null}
    </Card>
  );
}
