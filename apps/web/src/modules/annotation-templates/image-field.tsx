import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_EXTENSIONS, avatarFileProblem } from '@app/contracts/rules.ts';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * An image chosen as a data URL (jpg/png, 1 KB to 2 MB, checked here; the server checks the bytes). `value` is
 * undefined (unchanged: `current` shows), null (removed) or a new data URL.
 */
export function ImageField({
  current,
  value,
  onChange,
  testId,
}: {
  current: string | null | undefined;
  value?: string | null;
  onChange?: (value: string | null | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation(['annotation-templates', 'validation']);
  const [problem, setProblem] = useState('');
  const shown = value === undefined ? current : value;
  async function choose(file: File) {
    const found = avatarFileProblem(file);
    if (found) {
      setProblem(t(found.replace('.', ':')));
      return;
    }
    setProblem('');
    onChange?.(await readAsDataUrl(file));
  }
  return (
    <Space orientation="vertical" data-testid={testId}>
      <Space>
        {shown ? (
          <Image src={shown} width={64} height={64} style={{ objectFit: 'contain' }} />
        ) : (
          <Typography.Text type="secondary">{t('no_image')}</Typography.Text>
        )}
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={`${testId}-choose`}>
            {t('choose_image')}
          </Button>
        </Upload>
        {shown && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid={`${testId}-remove`}>
            {t('remove_image')}
          </Button>
        )}
      </Space>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Space>
  );
}
