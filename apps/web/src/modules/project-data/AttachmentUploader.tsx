import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS, DATA_LIMITS, extensionOf } from '@app/contracts/data-files.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, List, Popconfirm, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { uploadRequest } from '../../shared/upload-request.ts';
import { uploadErrorText } from './DataUploadStep.tsx';
import { attachmentListQuery, attachmentsKey, deleteAttachment } from './queries.ts';

/**
 * A project's requirement documents (doc, docx, pdf, jpg, png, jpeg): upload with progress, download, delete.
 * In the wizard's info step (`step="info"`) one selection takes at most 5 files; a project holds at most 50.
 */
export function AttachmentUploader({ projectId, step }: { projectId: number; step?: 'info' }) {
  const { t } = useTranslation(['project-data', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const attachments = useQuery(attachmentListQuery(projectId));
  const remove = useMutation({
    mutationFn: deleteAttachment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(projectId) }),
    onError: (error) => showError(error),
  });

  if (attachments.isError && !attachments.data) {
    return <LoadFailed error={attachments.error} onRetry={() => attachments.refetch()} />;
  }
  const total = attachments.data?.total ?? 0;
  const perSelection = step === 'info' ? DATA_LIMITS.attachmentsInInfoStep : DATA_LIMITS.attachmentsPerProject;
  const full = total >= DATA_LIMITS.attachmentsPerProject;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="attachment-uploader">
      <Upload
        multiple
        maxCount={perSelection}
        accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
        disabled={full}
        showUploadList={{ showRemoveIcon: false }}
        beforeUpload={(file, selection) => {
          if (selection.length > perSelection || total + selection.length > DATA_LIMITS.attachmentsPerProject) {
            if (file === selection[0]) {
              message.error(
                t('attachment_limit', { max: Math.min(perSelection, DATA_LIMITS.attachmentsPerProject - total) }),
              );
            }
            return Upload.LIST_IGNORE;
          }
          if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
            message.error(t('file_refused', { name: file.name, reason: t('reason_type') }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          uploadRequest('/project/attachment-upload', { project_id: projectId, step }, [file as File], {
            onProgress: (percent) => onProgress?.({ percent }),
          }).then(
            (answer) => {
              onSuccess?.(answer);
              queryClient.setQueryData(attachmentsKey(projectId), answer);
            },
            (error: unknown) => {
              message.error(uploadErrorText(error, t));
              onError?.(error as Error);
            },
          );
        }}
      >
        <Button icon={<UploadOutlined />} disabled={full} data-testid="attachment-upload">
          {t('attachment_add')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {t('attachment_hint', {
          extensions: ATTACHMENT_EXTENSIONS.join(', '),
          count: total,
          max: DATA_LIMITS.attachmentsPerProject,
        })}
      </Typography.Text>
      <List
        size="small"
        loading={attachments.isLoading}
        locale={{ emptyText: t('attachment_none') }}
        dataSource={attachments.data?.list ?? []}
        renderItem={(attachment) => (
          <List.Item
            data-testid="attachment-row"
            actions={[
              <Popconfirm
                key="delete"
                title={t('attachment_delete_confirm', { name: attachment.name })}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(attachment.id)}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
              </Popconfirm>,
            ]}
          >
            <Space>
              <PaperClipOutlined />
              <Typography.Link href={`${attachment.url}?download=1`}>{attachment.name}</Typography.Link>
              <Typography.Text type="secondary">
                {formatBytes(attachment.size)} · {formatTime(attachment.created_at)}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
