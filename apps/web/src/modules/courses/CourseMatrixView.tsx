import { DownloadOutlined } from '@ant-design/icons';
import type { TCourseMatrix } from '@app/contracts';
import { COURSE_MATRIX_FILTERS } from '@app/contracts/procedures/courses-analysis.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Result, Segmented, Select, Skeleton, Spin, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { saveFile } from '../../shared/files.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CourseMatrixLegend, CourseMatrixTable } from './CourseMatrixTable.tsx';
import { courseEditorPath } from './CourseShared.tsx';
import { type CourseMatrixFilter, courseMatrixQuery, exportCourseMatrix } from './queries.ts';

type MatrixFilter = (typeof COURSE_MATRIX_FILTERS)[number];

interface Selection {
  class_id?: number;
  filter: MatrixFilter;
  keyword?: string;
}

/** The class select's value for "all classes" (class ids are positive). */
const ALL_CLASSES = 0;

/** Why nobody is listed: no class, nobody in the classes, nobody found, or nobody the filter catches. */
function emptyText(t: TFunction, matrix: TCourseMatrix, selection: Selection) {
  const chosen = matrix.classes.filter((c) => selection.class_id === undefined || c.id === selection.class_id);
  if (chosen.every((c) => c.student_count === 0))
    return t(selection.class_id === undefined ? 'matrix_empty_no_students' : 'matrix_empty_class_no_students');
  if (selection.keyword) return t('matrix_empty_keyword', { keyword: selection.keyword });
  return t(selection.filter === 'all' ? 'matrix_empty_no_students' : `matrix_empty_${selection.filter}`);
}

function MatrixEmpty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Empty description={text} data-testid="matrix-empty" style={{ margin: '32px 0' }}>
      {children}
    </Empty>
  );
}

/**
 * One course's matrix under the course picker: the toolbar (class, filter, search, export), the legend and the
 * table, paged on the server (50 students a page); the empty states say why nobody is listed.
 */
export function CourseMatrixView({ courseId, onReset }: { courseId: number; onReset: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const { message } = App.useApp();
  const { filter, refilter, paging, setPaging } = useListFilter<Selection>({ filter: 'all' }, 50);
  const selection: CourseMatrixFilter = { course_id: courseId, ...filter };
  const matrix = useQuery({ ...courseMatrixQuery(selection, paging), placeholderData: keepPreviousData });
  const exportFile = useMutation({
    mutationFn: () => exportCourseMatrix(selection),
    onSuccess: (file) => {
      saveFile(file);
      void message.success(t('matrix_exported', { name: file.file_name }));
    },
    onError: showError,
  });

  if (matrix.error instanceof ApiError && matrix.error.code === 'not_found' && !matrix.data) {
    return (
      <div data-testid="matrix-not-found">
        <Result
          status="404"
          title={t('not_found')}
          extra={
            <Button onClick={onReset} data-testid="matrix-choose-another">
              {t('matrix_choose_another')}
            </Button>
          }
        />
      </div>
    );
  }
  if (matrix.isError && !matrix.data) return <LoadFailed error={matrix.error} onRetry={() => matrix.refetch()} />;
  if (!matrix.data) return <Skeleton active paragraph={{ rows: 10 }} />;

  const data = matrix.data;
  const refreshing = matrix.isFetching && matrix.isPlaceholderData;
  const noClasses = data.classes.length === 0;

  return (
    <>
      <ListToolbar
        actions={
          <Button
            icon={<DownloadOutlined />}
            loading={exportFile.isPending}
            disabled={data.total === 0}
            onClick={() => exportFile.mutate()}
            data-testid="matrix-export"
          >
            {t('matrix_export')}
          </Button>
        }
      >
        <Select<number>
          value={filter.class_id ?? ALL_CLASSES}
          onChange={(id) => refilter({ class_id: id === ALL_CLASSES ? undefined : id })}
          options={[
            { value: ALL_CLASSES, label: t('matrix_all_classes') },
            ...data.classes.map((c) => ({
              value: c.id,
              label: t('matrix_class_option', { name: c.name, count: c.student_count }),
            })),
          ]}
          disabled={noClasses}
          aria-label={t('matrix_class')}
          popupMatchSelectWidth={false}
          style={{ width: 220 }}
          data-testid="matrix-class-select"
        />
        <Segmented<MatrixFilter>
          value={filter.filter}
          onChange={(value) => refilter({ filter: value })}
          disabled={noClasses}
          options={COURSE_MATRIX_FILTERS.map((value) => ({
            value,
            label:
              value === 'all' ? (
                <span data-testid="matrix-filter-all">{t('matrix_filter_all')}</span>
              ) : (
                <Tooltip title={t(`matrix_filter_${value}_help`)}>
                  <span data-testid={`matrix-filter-${value}`}>{t(`matrix_filter_${value}`)}</span>
                </Tooltip>
              ),
          }))}
        />
        <SearchInput
          placeholder={t('matrix_search')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="matrix-search"
        />
      </ListToolbar>
      {noClasses ? (
        <MatrixEmpty text={t('matrix_empty_no_classes')}>
          <Link to={courseEditorPath(courseId, 'team')}>{t('matrix_add_classes')}</Link>
        </MatrixEmpty>
      ) : data.total === 0 ? (
        <Spin spinning={refreshing}>
          <MatrixEmpty text={emptyText(t, data, filter)} />
        </Spin>
      ) : (
        <>
          {data.tasks.length === 0 && (
            <Alert
              type="info"
              showIcon
              title={t('matrix_no_tasks')}
              action={<Link to={courseEditorPath(courseId, 'chapters')}>{t('matrix_add_tasks')}</Link>}
              style={{ marginBottom: 12 }}
            />
          )}
          <CourseMatrixLegend />
          <CourseMatrixTable
            courseId={courseId}
            matrix={data}
            loading={matrix.isFetching}
            paging={paging}
            onPaging={setPaging}
          />
        </>
      )}
    </>
  );
}
