import type { TodoExamItem } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session/session-context.tsx';
import { api } from '../../shared/api.ts';
import { localPagination } from '../../shared/list-paging.ts';

/** My exams (`/trainingcamp/myexam/{tab}`): the exams waiting for the student, joined or not. */
export function MyExamPage() {
  const { t } = useTranslation('exam');
  const { tab = 'exam' } = useParams();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { detail } = useSession();
  const exams = useQuery({
    queryKey: ['todo-lists'],
    queryFn: ({ signal }) => api('/dataset-examine/doing-wait-exam-list', { status: 0 }, { signal }),
  });
  const start = (item: TodoExamItem) => {
    if (item.generate_site_id !== detail.user.site.id) {
      modal.warning({ title: t('shell:exam_other_site', { site: item.site.name }) });
      return;
    }
    navigate(
      item.my_join_status === 1 ? `/exam?id=${item.train?.id ?? item.id}` : `/trainingcamp/pre-exam?id=${item.id}`,
    );
  };
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(`/trainingcamp/myexam/${key}`)}
        items={[
          { key: 'exam', label: t('tab_pending') },
          { key: 'train', label: t('tab_practice') },
        ]}
      />
      <Table<TodoExamItem>
        rowKey="id"
        loading={exams.isLoading}
        dataSource={tab === 'train' ? exams.data?.train_list : exams.data?.examine_list}
        locale={{ emptyText: t(tab === 'train' ? 'empty_practice' : 'empty_exams') }}
        pagination={localPagination(t)}
        columns={[
          { title: t('name'), dataIndex: 'name' },
          { title: t('organisation'), render: (_, item) => item.site.name },
          { title: t('question_count'), dataIndex: 'data_count', width: 120 },
          {
            title: t('status'),
            width: 120,
            render: (_, item) => (item.my_join_status === 1 ? t('joined') : t('not_joined')),
          },
          {
            title: t('common:actions'),
            width: 120,
            render: (_, item) => (
              <Button type="link" onClick={() => start(item)}>
                {item.my_join_status === 1 ? t('continue') : t('start')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
