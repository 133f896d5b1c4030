import enShell from '@app/i18n/locales/en-US/shell.json';
import zhShell from '@app/i18n/locales/zh-CN/shell.json';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

describe('plural texts', () => {
  it('say "1 item" and "2 items" in English, one form in Chinese (the to-do pill)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      resources: { 'en-US': { shell: enShell }, 'zh-CN': { shell: zhShell } },
      keySeparator: false,
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('shell:todo_you_have', { count: 1 })).toBe('You have 1 item to do');
    expect(i18n.t('shell:todo_you_have', { count: 2 })).toBe('You have 2 items to do');
    expect(i18n.t('shell:todo_you_have', { count: 1, lng: 'zh-CN' })).toBe('您有 1 项待办');
  });
});
