import type { TInvigilatedExam } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { InvigilationGrid } from './InvigilationGrid.tsx';
import { invigilatedExamsQuery } from './queries.ts';
import './invigilation.css';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The exam picker's line: the name, the window, and how many candidates answer now. */
function ExamOption({ exam }: { exam: TInvigilatedExam }) {
  const { t } = useTranslation('invigilation');
  return (
    <span className="invigilation-option">
      <span className="invigilation-option-name" title={exam.name} data-user-content>
        {exam.name}
      </span>
      <Tag color={exam.answering > 0 ? 'processing' : undefined} className="invigilation-option-count">
        {t('answering', { count: exam.answering })}
      </Tag>
    </span>
  );
}

/**
 * `/liveroom-invigilation-management` (`?exam=<id>&page=<n>`): the invigilators' page. An exam with live invigilation
 * is picked (with how many candidates answer it now), then its candidates answering show as a grid of live cameras
 * with their evidence; without a media server, the timelines only.
 */
export function InvigilationPage() {
  const { t } = useTranslation(['invigilation', 'common']);
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const examId = positive(params.get('exam'));
  const page = positive(params.get('page')) ?? 1;
  const exams = useQuery(invigilatedExamsQuery());
  const list = exams.data?.list ?? [];
  const chosen = list.find((e) => e.id === examId);

  const choose = (id: number) => setParams({ exam: String(id) });
  const onPage = useCallback(
    (next: number) =>
      setParams(
        (now) => {
          const updated = new URLSearchParams(now);
          updated.set('page', String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  let body: ReactNode;
  if (exams.isError && !exams.data) body = <LoadFailed error={exams.error} onRetry={() => void exams.refetch()} />;
  else if (!exams.data) body = <Skeleton active data-testid="invigilation-loading" />;
  else if (list.length === 0 && examId === null) {
    body = (
      <Empty
        description={
          <>
            <Typography.Paragraph strong>{t('no_exams')}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('no_exams_hint')}</Typography.Paragraph>
          </>
        }
        data-testid="invigilation-no-exams"
      />
    );
  } else if (examId === null) {
    body = <Empty description={t('choose_exam')} data-testid="invigilation-choose" />;
  } else body = <InvigilationGrid key={examId} examId={examId} page={page} onPage={onPage} />;

  return (
    <Card title={t('title')} data-testid="invigilation-page" styles={phone ? { body: { padding: 12 } } : undefined}>
      <div className="invigilation-toolbar">
        <Select<number>
          value={examId ?? undefined}
          onChange={choose}
          placeholder={t('exam_placeholder')}
          loading={exams.isLoading}
          disabled={!exams.data}
          options={list.map((exam) => ({ value: exam.id, label: <ExamOption exam={exam} /> }))}
          notFoundContent={t('no_exams')}
          className="invigilation-exam-select"
          aria-label={t('exam')}
          data-testid="invigilation-exam"
        />
        {chosen ? (
          <Typography.Text type="secondary" className="invigilation-window">
            {t('window', { start: formatTime(chosen.window_start), end: formatTime(chosen.window_end) })}
          </Typography.Text>
        ) : null}
        {examId !== null ? <Typography.Text type="secondary">{t('refresh_note')}</Typography.Text> : null}
      </div>
      {body}
    </Card>
  );
}
