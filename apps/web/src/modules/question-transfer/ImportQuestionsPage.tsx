import { ArrowLeftOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { TQuestionImportFormat, TQuestionImportRow } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TreeSelect,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { saveFile } from '../../shared/files.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { categoryOptions, categoryTreeQuery, idParam, useQuestionBankChanged } from '../question-bank/index.ts';
import { getImportTemplate } from './queries.ts';
import { extensionOf, IMPORT_EXTENSIONS, IMPORT_MAX_BYTES, importQuestionsFile } from './transfer-api.ts';

const FORMATS: readonly TQuestionImportFormat[] = ['table', 'aiken', 'gift', 'moodle_xml'];

/**
 * `/dataset/import-category-data`: imports one file of questions into a passed category (`?category_id=` picks
 * it), then shows the result of each question (row, imported or failed, the reason).
 */
export function ImportQuestionsPage() {
  const { t } = useTranslation(['question-transfer', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const changed = useQuestionBankChanged();
  const [categoryId, setCategoryId] = useState<number | undefined>(idParam(params.get('category_id')) ?? undefined);
  const [format, setFormat] = useState<TQuestionImportFormat | undefined>();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [onlyFailed, setOnlyFailed] = useState(false);
  const tree = useQuery(categoryTreeQuery(true));
  const options = useMemo(() => categoryOptions(tree.data?.list ?? [], { passedOnly: true }), [tree.data]);

  const template = useMutation({
    mutationFn: getImportTemplate,
    onSuccess: saveFile,
    onError: showError,
  });
  const run = useMutation({
    mutationFn: ({ category, chosen }: { category: number; chosen: File }) =>
      importQuestionsFile(category, format, chosen),
    onSuccess: async (report) => {
      setOnlyFailed(report.failed > 0 && report.succeeded > 0);
      if (report.succeeded > 0) await changed();
    },
    onError: showError,
  });

  const start = () => {
    if (categoryId === undefined) return void message.warning(t('choose_category_first'));
    if (!file?.originFileObj) return void message.warning(t('choose_file_first'));
    run.mutate({ category: categoryId, chosen: file.originFileObj });
  };

  if (tree.isError && !tree.data) return <LoadFailed error={tree.error} onRetry={() => tree.refetch()} />;
  const report = run.data;
  const rows = report ? (onlyFailed ? report.rows.filter((row) => !row.ok) : report.rows) : [];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label={t('back')} />
            {t('title')}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Form layout="vertical" style={{ maxWidth: 640 }}>
          <Form.Item label={t('category')} required>
            <TreeSelect
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              loading={tree.isLoading}
              value={categoryId}
              onChange={(value: number | undefined) => setCategoryId(value)}
              treeData={options}
              placeholder={t('category_placeholder')}
              notFoundContent={tree.isLoading ? t('common:loading') : t('category_empty')}
              allowClear
              data-testid="qt-category"
            />
          </Form.Item>
          <Form.Item label={t('format')}>
            <Select<TQuestionImportFormat | 'auto'>
              value={format ?? 'auto'}
              onChange={(value) => setFormat(value === 'auto' ? undefined : value)}
              options={[
                { value: 'auto', label: t('format_auto') },
                ...FORMATS.map((f) => ({ value: f, label: t(`format_${f}`) })),
              ]}
              data-testid="qt-format"
            />
          </Form.Item>
          <Form.Item extra={t('template_hint')}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => template.mutate()}
              loading={template.isPending}
              data-testid="qt-template"
            >
              {t('template')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Upload.Dragger
              maxCount={1}
              accept={IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',')}
              fileList={file ? [file] : []}
              beforeUpload={(chosen) => {
                if (!(IMPORT_EXTENSIONS as readonly string[]).includes(extensionOf(chosen.name))) {
                  void message.error(t('file_type'));
                  return Upload.LIST_IGNORE;
                }
                if (chosen.size === 0 || chosen.size > IMPORT_MAX_BYTES) {
                  void message.error(t('upload_types'));
                  return Upload.LIST_IGNORE;
                }
                setFile({
                  uid: chosen.uid,
                  name: chosen.name,
                  size: chosen.size,
                  originFileObj: chosen,
                  status: 'done',
                });
                run.reset();
                return false;
              }}
              onRemove={() => setFile(null)}
              data-testid="qt-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('upload_hint')}</p>
              <p className="ant-upload-hint">{t('upload_types')}</p>
            </Upload.Dragger>
          </Form.Item>
          <Button type="primary" onClick={start} loading={run.isPending} data-testid="qt-start">
            {t('start')}
          </Button>
        </Form>
      </Card>
      <Card
        title={t('report_title')}
        extra={
          report && report.failed > 0 ? (
            <Space>
              {t('only_failed')}
              <Switch checked={onlyFailed} onChange={setOnlyFailed} size="small" data-testid="qt-only-failed" />
            </Space>
          ) : null
        }
      >
        {report ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Alert
              type={report.failed === 0 ? 'success' : report.succeeded === 0 ? 'error' : 'warning'}
              showIcon
              title={<span data-testid="qt-summary">{t('summary', report)}</span>}
            />
            <Table<TQuestionImportRow>
              size="small"
              rowKey={(row) => `${row.row}-${row.question_id ?? row.error}`}
              dataSource={rows}
              pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              data-testid="qt-report"
              columns={[
                { title: t('col_row'), dataIndex: 'row', width: 90 },
                {
                  title: t('col_result'),
                  dataIndex: 'ok',
                  width: 110,
                  render: (ok: boolean) =>
                    ok ? <Tag color="success">{t('result_ok')}</Tag> : <Tag color="error">{t('result_failed')}</Tag>,
                },
                { title: t('col_reason'), dataIndex: 'message', render: (text?: string) => text ?? '—' },
              ]}
            />
          </Space>
        ) : (
          <Empty description={t('report_empty')} />
        )}
      </Card>
    </Space>
  );
}
