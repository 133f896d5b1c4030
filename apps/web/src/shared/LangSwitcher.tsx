import { GlobalOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@app/i18n/src/langs.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLang, currentLang } from './i18n.ts';

export const LANG_LABELS: Record<Lang, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** Switches the interface language and reloads every query (answers carry translated texts). */
export function useChangeLang() {
  const queryClient = useQueryClient();
  return async (lang: Lang) => {
    await changeLang(lang);
    await queryClient.invalidateQueries();
  };
}

/** The language switcher of the top bar and the login page. */
export function LangSwitcher() {
  const { t } = useTranslation('common');
  const switchLang = useChangeLang();
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [lang],
        items: LANGS.map((key) => ({ key, label: LANG_LABELS[key] })),
        onClick: ({ key }) => switchLang(key as Lang),
      }}
    >
      <Button type="text" size="small" icon={<GlobalOutlined />} title={t('language')} data-testid="lang-switcher">
        {LANG_LABELS[lang]}
      </Button>
    </Dropdown>
  );
}
