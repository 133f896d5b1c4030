import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_EXTENSIONS, avatarFileProblem } from '@app/contracts/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes.ts';
import { updateAvatar, useProfileSaved } from './queries.ts';

const ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The avatar tab: choose a jpg/png/jpeg of 1 KB to 2 MB (checked here before sending), preview, save. */
export function AvatarForm({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation(['my-info', 'common', 'validation']);
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<{ name: string; dataUrl: string } | null>(null);
  const [problem, setProblem] = useState('');
  useUnsavedChanges(chosen !== null);
  const afterSave = useProfileSaved();

  const save = useMutation({
    mutationFn: updateAvatar,
    onSuccess: async () => {
      setChosen(null);
      void message.success(t('avatar_saved'));
      await afterSave();
    },
    onError: showError,
  });

  async function choose(file: File) {
    const found = avatarFileProblem(file);
    if (found) {
      setProblem(t(found.replace('.', ':')));
      setChosen(null);
      return;
    }
    setProblem('');
    setChosen({ name: file.name, dataUrl: await readAsDataUrl(file) });
  }

  return (
    <div className="myinfo-avatar" data-testid="avatar-form">
      <Space size={32} align="start" wrap>
        <div className="myinfo-avatar-figure">
          <Avatar size={120} src={avatar ?? undefined} icon={<UserOutlined />} />
          <Typography.Text type="secondary">{t('current_avatar')}</Typography.Text>
        </div>
        <div className="myinfo-avatar-figure">
          <Avatar size={120} src={chosen?.dataUrl} icon={<UserOutlined />} data-testid="avatar-preview" />
          <Typography.Text type="secondary">{chosen ? chosen.name : t('preview')}</Typography.Text>
        </div>
      </Space>
      <Space direction="vertical" size="middle" className="myinfo-avatar-actions">
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="avatar-choose">
            {t('choose_image')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('avatar_hint')}</Typography.Text>
        {problem && <Alert type="error" showIcon message={problem} data-testid="avatar-problem" />}
        <Button
          type="primary"
          disabled={!chosen}
          loading={save.isPending}
          onClick={() => chosen && save.mutate(chosen.dataUrl)}
          data-testid="avatar-save"
        >
          {t('common:save')}
        </Button>
      </Space>
    </div>
  );
}
