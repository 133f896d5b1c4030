import { MY_COURSE_TABS } from '@app/contracts/procedures/courses-learning.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Pagination, Row, Skeleton, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { LearningCourseCard, myCoursesPath } from './LearningCourseCard.tsx';
import { type MyCourseTab, myCoursesQuery } from './queries.ts';

/** Cards per row: one on a phone (below 576 px), two on a tablet, three on a laptop, four on a wide screen. */
const CARD_COLUMNS = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

/**
 * `/course/student-list/{tab}`: the online courses of my class, in progress or finished (ended, or every weighted task
 * done), as cards with progress and score, searched by name; a card opens the course's home.
 */
export function MyCoursesPage() {
  const { t } = useTranslation(['courses-learning', 'common']);
  const navigate = useNavigate();
  const phone = useIsPhone();
  const params = useParams();
  const tab: MyCourseTab = MY_COURSE_TABS.find((key) => key === params.tab) ?? 'in_progress';
  const { filter, refilter, paging, setPaging, firstPage } = useListFilter<{ keyword?: string }>({}, 20);
  const list = useQuery({ ...myCoursesQuery({ tab, ...filter }, paging), placeholderData: keepPreviousData });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  const rows = list.data?.list ?? [];
  const pagination = serverPagination(t, paging, list.data?.total, setPaging);
  const emptyText = filter.keyword
    ? t('empty_search', { keyword: filter.keyword })
    : tab === 'in_progress'
      ? t('empty_in_progress')
      : t('empty_finished');

  return (
    <Card title={t('my_courses_title')} data-testid="my-courses" styles={phone ? { body: { padding: 12 } } : undefined}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          firstPage();
          void navigate(myCoursesPath(key as MyCourseTab));
        }}
        items={MY_COURSE_TABS.map((key) => ({
          key,
          label: <span data-testid={`my-course-tab-${key}`}>{t(`tab_${key}`)}</span>,
        }))}
      />
      <ListToolbar>
        <SearchInput
          placeholder={t('search_placeholder')}
          width={phone ? 240 : 280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="my-course-search"
        />
      </ListToolbar>
      {list.isLoading ? (
        <Row gutter={[16, 16]} data-testid="my-courses-loading">
          {[1, 2, 3].map((n) => (
            <Col key={n} {...CARD_COLUMNS}>
              <Card cover={<div style={{ height: phone ? 112 : 140, background: '#f0f0f0' }} />}>
                <Skeleton active paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : rows.length === 0 ? (
        <Empty description={emptyText} data-testid="my-courses-empty" style={{ margin: '32px 0' }} />
      ) : (
        <Spin spinning={list.isFetching && list.isPlaceholderData}>
          <Row gutter={[16, 16]} data-testid="my-courses-list">
            {rows.map((course) => (
              <Col key={course.id} {...CARD_COLUMNS}>
                <LearningCourseCard course={course} compact={phone} />
              </Col>
            ))}
          </Row>
          <Pagination
            style={{ marginTop: 16 }}
            align="end"
            {...pagination}
            simple={phone}
            showQuickJumper={!phone}
            showSizeChanger={!phone}
            hideOnSinglePage
            data-testid="my-courses-pagination"
          />
        </Spin>
      )}
    </Card>
  );
}
