import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_EXTENSIONS, avatarFileProblem } from '@app/contracts/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Image, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSiteLogo, useSitesChanged } from './queries.ts';

const ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function Figure({ src, caption, testId }: { src: string | null | undefined; caption: string; testId: string }) {
  const { t } = useTranslation('sites');
  return (
    <div className="site-logo-figure" data-testid={testId}>
      {src ? (
        <Image src={src} width={96} height={96} style={{ objectFit: 'contain' }} />
      ) : (
        <div className="site-logo-empty">
          <PictureOutlined />
          <span>{t('no_image')}</span>
        </div>
      )}
      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 120 }}>
        {caption}
      </Typography.Text>
    </div>
  );
}

/** The logo or icon of an organisation: current image, a chosen jpg/png (1 KB to 2 MB, checked here), upload. */
export function SiteLogoField({
  siteId,
  kind,
  current,
}: {
  siteId: number;
  kind: 'logo' | 'icon_logo';
  current: string | null;
}) {
  const { t } = useTranslation(['sites', 'validation']);
  const { message } = App.useApp();
  const changed = useSitesChanged();
  const [chosen, setChosen] = useState<{ name: string; dataUrl: string } | null>(null);
  const [problem, setProblem] = useState('');
  const testId = `site-${kind.replace('_', '-')}`;

  const save = useMutation({
    mutationFn: (image: string) => updateSiteLogo({ id: siteId, kind, image }),
    onSuccess: async () => {
      setChosen(null);
      void message.success(t(`${kind}_saved`));
      await changed(siteId);
    },
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
    <div className="site-logo-field">
      <Typography.Title level={5}>{t(kind)}</Typography.Title>
      <div>
        <Space size={24} align="start" wrap>
          <Figure src={current} caption={t('current_image')} testId={`${testId}-current`} />
          {chosen && <Figure src={chosen.dataUrl} caption={chosen.name} testId={`${testId}-preview`} />}
        </Space>
      </div>
      <Space wrap style={{ marginTop: 12 }}>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={`${testId}-choose`}>
            {t('choose_image')}
          </Button>
        </Upload>
        <Button
          type="primary"
          disabled={!chosen}
          loading={save.isPending}
          onClick={() => chosen && save.mutate(chosen.dataUrl)}
          data-testid={`${testId}-save`}
        >
          {t('upload')}
        </Button>
      </Space>
      <div style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('image_hint')}</Typography.Text>
      </div>
      {problem && (
        <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} data-testid={`${testId}-problem`} />
      )}
    </div>
  );
}
