import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, ERROR_CODES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, pickLang, translate } from './index.ts';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const readLocale = (lang: string) =>
  Object.fromEntries(
    readdirSync(path.join(localesDir, lang)).map((file) => [
      file,
      JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')) as Record<string, string>,
    ]),
  );

describe('catalogues', () => {
  it('zh-CN and en-US have the same files and the same keys in every file, none empty', () => {
    const zh = readLocale('zh-CN');
    const en = readLocale('en-US');
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const file of Object.keys(zh)) {
      expect(Object.keys(en[file]!).sort(), file).toEqual(Object.keys(zh[file]!).sort());
      for (const [key, text] of [...Object.entries(zh[file]!), ...Object.entries(en[file]!)])
        expect(text, `${file} ${key}`).toBeTruthy();
    }
  });

  it('no Chinese is left in any English file', () => {
    const en = readLocale('en-US');
    for (const [file, texts] of Object.entries(en))
      expect(JSON.stringify(texts).match(/[\u3400-\u9fff]/g), file).toBeNull();
  });

  it('every error code has a message in both languages, and English has no Chinese', () => {
    for (const code of ERROR_CODES) {
      expect(CATALOGUES['zh-CN'].errors![code], code).toBeTruthy();
      expect(CATALOGUES['en-US'].errors![code], code).toBeTruthy();
    }
    const english = JSON.stringify(CATALOGUES['en-US']);
    expect(english.match(/[\u3400-\u9fff]/g)).toBeNull();
  });

  it('titles every audit action and target type the server writes (recordAudit takes only these) in both languages', () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const system = CATALOGUES[lang]['system-admin']!;
      for (const action of AUDIT_ACTIONS) expect(system[`action_${action}`], `${lang} ${action}`).toBeTruthy();
      for (const type of AUDIT_TARGET_TYPES) expect(system[`target_${type}`], `${lang} ${type}`).toBeTruthy();
    }
  });

  it('translates with parameters and picks the language from the cookie, then Accept-Language', () => {
    expect(translate('en-US', 'errors.too_many_requests', { seconds: 5 })).toBe(
      'Too many attempts, try again in 5 seconds',
    );
    expect(pickLang('en-US', 'zh-CN')).toBe('en-US');
    expect(pickLang(undefined, 'en-GB,en;q=0.9')).toBe('en-US');
    expect(pickLang(undefined, 'fr-FR')).toBe('zh-CN');
    expect(pickLang('xx', undefined)).toBe('zh-CN');
  });
});
