import type { TWrongBookRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { htmlText, sessionPath } from './practice-html.tsx';
import { PRACTICE_KEY, startWrongPractice, wrongBookQuery } from './queries.ts';

/**
 * `/trainingcamp/mywrong`: the questions in my wrong-answer book with how often I got them wrong and my current
 * run of correct answers, counts per category (click to filter), and practising from the book (all or a category).
 */
export function MyWrongPage() {
  const { t } = useTranslation(['practice', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [categoryId, setCategoryId] = useState<number>();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const book = useQuery({
    ...wrongBookQuery(categoryId, paging),
    placeholderData: keepPreviousData,
  });
  const practise = useMutation({
    mutationFn: () => startWrongPractice({ count: 20, ...(categoryId ? { category_id: categoryId } : {}) }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: PRACTICE_KEY });
      void navigate(sessionPath(created.id));
    },
    onError: (error) => showError(error),
  });
  if (book.isError && !book.data) return <LoadFailed error={book.error} onRetry={() => book.refetch()} />;
  const n = book.data?.wrong_book_n;
  const categories = book.data?.categories ?? [];
  const all = categories.reduce((sum, c) => sum + c.count, 0);
  const pick = (id?: number) => {
    setCategoryId(id);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Card
      title={t('wrong_title')}
      extra={
        <Button
          type="primary"
          disabled={!book.data?.total}
          loading={practise.isPending}
          onClick={() => practise.mutate()}
          data-testid="practice-wrong-start"
        >
          {t('practise_wrong')}
        </Button>
      }
    >
      {n !== undefined ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={n > 0 ? t('wrong_rule', { n }) : t('wrong_rule_never')}
        />
      ) : null}
      <Space wrap style={{ marginBottom: 16 }} data-testid="practice-wrong-categories">
        <Tag.CheckableTag checked={categoryId === undefined} onChange={() => pick(undefined)}>
          {t('all_categories')} ({all})
        </Tag.CheckableTag>
        {categories.map((c) => (
          <Tag.CheckableTag
            key={c.category_id}
            checked={categoryId === c.category_id}
            onChange={() => pick(c.category_id)}
            data-testid={`practice-wrong-category-${c.category_id}`}
          >
            {c.name} ({c.count})
          </Tag.CheckableTag>
        ))}
      </Space>
      <ResponsiveTable<TWrongBookRow>
        rowKey="question_id"
        loading={book.isFetching}
        dataSource={book.data?.list}
        locale={{ emptyText: book.isLoading ? t('loading') : t('empty_wrong') }}
        pagination={serverPagination(t, paging, book.data?.total, setPaging)}
        data-testid="practice-wrong-table"
        columns={[
          { title: t('stem'), dataIndex: 'stem', render: (stem: string) => htmlText(stem) },
          { title: t('type'), dataIndex: 'type', width: 110, render: (type: string) => <Tag>{t(`type_${type}`)}</Tag> },
          { title: t('category'), dataIndex: 'category_name', width: 160 },
          { title: t('wrong_count'), dataIndex: 'wrong_count', width: 100 },
          {
            title: t('streak'),
            dataIndex: 'correct_streak',
            width: 110,
            render: (streak: number) => (n ? `${streak} / ${n}` : streak),
          },
          { title: t('last_wrong_at'), dataIndex: 'last_wrong_at', width: 180, render: (v: string) => formatTime(v) },
        ]}
      />
    </Card>
  );
}
