import type { TInvigilatedCandidate } from '@app/contracts';
import { INVIGILATION_LIMITS } from '@app/contracts/procedures/invigilation.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Pagination, Row, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { AttemptEvidenceDrawer } from '../exams/index.ts';
import { pageWithin } from './grid.ts';
import { InvigilationTile } from './InvigilationTile.tsx';
import { invigilationGridQuery, useGridChanged } from './queries.ts';
import { ScreenModal } from './TileMedia.tsx';
import { type GridMedia, useGridMedia } from './use-grid-media.ts';
import { WarnModal } from './WarnModal.tsx';

/** Tiles per row: one on a phone, two on a tablet, three on a laptop, four on a desktop. */
const TILE_COLUMNS = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/** The clock the tiles count down with (a tick a second). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** What the media connection says above the grid, when there is something to say. */
function MediaNotice({ media }: { media: GridMedia }) {
  const { t } = useTranslation('invigilation');
  if (media.phase === 'unconfigured') {
    return (
      <Alert
        type="info"
        showIcon
        title={t('no_media')}
        description={t('no_media_help')}
        data-testid="invigilation-media-state"
      />
    );
  }
  if (media.phase === 'refused') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('media_refused', { reason: errorMessage(media.error) })}
        data-testid="invigilation-media-state"
      />
    );
  }
  if (media.phase !== 'failed' && media.phase !== 'reconnecting') return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="invigilation-media-state"
      title={t(media.phase === 'failed' ? 'media_failed' : 'media_reconnecting')}
      action={
        <Button size="small" onClick={media.retry}>
          {t('media_retry')}
        </Button>
      }
    />
  );
}

/**
 * The candidates of one exam answering now, 16 a page, read again every 10 s; each tile with the candidate's camera
 * and shared screen (received for the page shown only; a screen opens large), the time left and the newest evidence;
 * a warning to one candidate, and the whole timeline with the cheat decision (the exams' own drawer).
 */
export function InvigilationGrid({
  examId,
  page,
  onPage,
}: {
  examId: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['invigilation', 'common']);
  const grid = useQuery({ ...invigilationGridQuery(examId, page), placeholderData: keepPreviousData });
  const changed = useGridChanged();
  const rows = grid.data?.list ?? [];
  const hasMedia = grid.data?.media === true;
  const media = useGridMedia(
    examId,
    rows.map((r) => r.user_id),
    hasMedia,
  );
  const now = useNow();
  const [warned, setWarned] = useState<TInvigilatedCandidate | null>(null);
  const [timeline, setTimeline] = useState<TInvigilatedCandidate | null>(null);
  const [enlarged, setEnlarged] = useState<TInvigilatedCandidate | null>(null);
  const sharesScreens = grid.data?.exam.invigilation_screen === true;

  // Candidates submit as the grid is watched: a page past the last one moves back to the last.
  const total = grid.data?.total ?? 0;
  const last = pageWithin(page, total, INVIGILATION_LIMITS.perPage);
  useEffect(() => {
    if (grid.data && !grid.isPlaceholderData && last !== page) onPage(last);
  }, [grid.data, grid.isPlaceholderData, last, page, onPage]);

  if (grid.isError && !grid.data) return <LoadFailed error={grid.error} onRetry={() => void grid.refetch()} />;
  if (!grid.data) {
    return (
      <Row gutter={[12, 12]} data-testid="invigilation-loading">
        {[1, 2, 3, 4].map((n) => (
          <Col key={n} {...TILE_COLUMNS}>
            <Card size="small">
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <div className="invigilation-body" data-testid="invigilation-grid">
      {hasMedia ? (
        <MediaNotice media={media} />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('no_media')}
          description={t('no_media_help')}
          data-testid="invigilation-no-media"
        />
      )}
      {grid.isError ? <Alert type="warning" showIcon title={t('refresh_failed')} /> : null}
      {rows.length === 0 ? (
        <Empty description={t('no_candidates')} data-testid="invigilation-empty" />
      ) : (
        <Row gutter={[12, 12]}>
          {rows.map((row) => (
            <Col key={row.attempt_id ?? `u${row.user_id}`} {...TILE_COLUMNS}>
              <InvigilationTile
                row={row}
                feed={media.cameras.get(row.user_id)}
                screenFeed={media.screens.get(row.user_id)}
                media={hasMedia}
                screen={sharesScreens}
                now={now}
                onWarn={() => setWarned(row)}
                onTimeline={() => setTimeline(row)}
                onOpenScreen={() => setEnlarged(row)}
              />
            </Col>
          ))}
        </Row>
      )}
      {total > 0 ? (
        <div className="invigilation-pager" data-testid="invigilation-pager">
          <Pagination
            current={page}
            pageSize={INVIGILATION_LIMITS.perPage}
            total={total}
            showSizeChanger={false}
            showTotal={(n) => t('answering_total', { count: n })}
            onChange={onPage}
          />
        </div>
      ) : null}
      {warned?.attempt_id ? (
        <WarnModal attemptId={warned.attempt_id} name={warned.nickname} onClose={() => setWarned(null)} />
      ) : null}
      {enlarged ? (
        <ScreenModal
          name={enlarged.nickname}
          feed={media.screens.get(enlarged.user_id)}
          onClose={() => setEnlarged(null)}
        />
      ) : null}
      {timeline ? (
        <AttemptEvidenceDrawer
          candidate={timeline}
          onClose={() => {
            setTimeline(null);
            void changed();
          }}
        />
      ) : null}
    </div>
  );
}
