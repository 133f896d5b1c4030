import { UploadOutlined } from '@ant-design/icons';
import type { TMemberImportResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Space, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_ACCEPT, importFileProblem, readAsDataUrl, saveFile } from '../../shared/files.ts';
import { showError } from '../../shared/query-client.ts';
import { importMembers, MEMBERS_KEY, memberImportTemplate } from './queries.ts';

type Failure = TMemberImportResult['failures'][number];

/** Bulk import: the template, one .csv/.xls/.xlsx file, then the count created and each failed row's reason. */
export function ImportMembersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['members', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [progress, setProgress] = useState(0);

  const template = useMutation({
    mutationFn: memberImportTemplate,
    onSuccess: saveFile,
    onError: showError,
  });
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      setProgress(10);
      const content = await readAsDataUrl(chosen);
      setProgress(30);
      const timer = setInterval(() => setProgress((p) => Math.min(95, p + 5)), 500);
      try {
        return await importMembers({ file_name: chosen.name, content });
      } finally {
        clearInterval(timer);
        setProgress(100);
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
    },
    onError: showError,
  });

  const close = () => {
    setFile(null);
    setProgress(0);
    upload.reset();
    onClose();
  };
  const result = upload.data;

  return (
    <Modal
      open={open}
      title={t('import_title')}
      onCancel={close}
      width={720}
      footer={
        <Space>
          <Button onClick={close}>{t('close')}</Button>
          <Button
            type="primary"
            disabled={!file || upload.isPending}
            loading={upload.isPending}
            onClick={() => file?.originFileObj && upload.mutate(file.originFileObj)}
            data-testid="member-import-submit"
          >
            {upload.isPending ? t('importing') : t('import_start')}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary">{t('import_hint')}</Typography.Paragraph>
        <Button onClick={() => template.mutate()} loading={template.isPending} data-testid="member-import-template">
          {t('download_template')}
        </Button>
        <Upload
          accept={IMPORT_ACCEPT}
          maxCount={1}
          fileList={file ? [file] : []}
          beforeUpload={(chosen) => {
            const problem = importFileProblem(chosen);
            if (problem) {
              void message.error(t(problem));
              return Upload.LIST_IGNORE;
            }
            setFile({ uid: chosen.uid, name: chosen.name, size: chosen.size, originFileObj: chosen, status: 'done' });
            upload.reset();
            setProgress(0);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />} data-testid="member-import-file">
            {t('choose_file')}
          </Button>
        </Upload>
        {(upload.isPending || result) && <Progress percent={progress} size="small" aria-label={t('import_progress')} />}
        {result && (
          <>
            <Alert
              type={result.failures.length ? 'warning' : 'success'}
              showIcon
              message={
                <span data-testid="member-import-success">{t('import_success', { count: result.success })}</span>
              }
              description={result.failures.length ? t('import_failures', { count: result.failures.length }) : undefined}
            />
            {result.failures.length > 0 && (
              <Table<Failure>
                size="small"
                rowKey="row"
                data-testid="member-import-failures"
                dataSource={result.failures}
                pagination={result.failures.length > 10 ? { pageSize: 10 } : false}
                columns={[
                  { title: t('row'), dataIndex: 'row', width: 80 },
                  { title: t('username'), dataIndex: 'username', width: 180 },
                  { title: t('reason'), dataIndex: 'reason', render: (reason: string) => t(`reason_${reason}`) },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
