import { GlobalOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@app/i18n/src/langs.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLang, currentLang } from '../../shared/i18n.ts';

const LABELS: Record<Lang, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** The language switcher of the top bar and the login page. */
export function LangSwitcher() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [lang],
        items: LANGS.map((key) => ({ key, label: LABELS[key] })),
        onClick: async ({ key }) => {
          await changeLang(key as Lang);
          await queryClient.invalidateQueries();
        },
      }}
    >
      <Button type="text" size="small" icon={<GlobalOutlined />} aria-label={t('language')} data-testid="lang-switcher">
        {LABELS[lang]}
      </Button>
    </Dropdown>
  );
}
