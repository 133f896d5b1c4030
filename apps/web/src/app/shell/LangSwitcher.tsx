import { GlobalOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@app/i18n/src/langs.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLang, currentLang } from '../../shared/i18n.ts';

const LABELS: Record<Lang, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** The language switcher of the top bar and the login page. */
export function LangSwitcher() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  return (
    <Select
      aria-label={t('language')}
      data-testid="lang-switcher"
      size="small"
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      value={currentLang()}
      onChange={async (lang: Lang) => {
        await changeLang(lang);
        await queryClient.invalidateQueries();
      }}
      options={LANGS.map((lang) => ({ value: lang, label: LABELS[lang] }))}
      popupMatchSelectWidth={false}
    />
  );
}
