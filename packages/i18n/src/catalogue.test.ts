import { ERROR_CODES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, pickLang, translate } from './index.ts';

describe('catalogues', () => {
  it('zh-CN and en-US have the same keys in every namespace', () => {
    for (const namespace of Object.keys(CATALOGUES['zh-CN'])) {
      expect(Object.keys(CATALOGUES['en-US'][namespace]!).sort(), namespace).toEqual(
        Object.keys(CATALOGUES['zh-CN'][namespace]!).sort(),
      );
    }
  });

  it('every error code has a message in both languages, and English has no Chinese', () => {
    for (const code of ERROR_CODES) {
      expect(CATALOGUES['zh-CN'].errors![code], code).toBeTruthy();
      expect(CATALOGUES['en-US'].errors![code], code).toBeTruthy();
    }
    const english = JSON.stringify(CATALOGUES['en-US']);
    expect(english.match(/[\u3400-\u9fff]/g)).toBeNull();
  });

  it('translates with parameters and picks the language from the cookie, then Accept-Language', () => {
    expect(translate('en-US', 'errors.too_many_requests', { seconds: 5 })).toBe('Too many attempts, try again in 5 seconds');
    expect(pickLang('en-US', 'zh-CN')).toBe('en-US');
    expect(pickLang(undefined, 'en-GB,en;q=0.9')).toBe('en-US');
    expect(pickLang(undefined, 'fr-FR')).toBe('zh-CN');
    expect(pickLang('xx', undefined)).toBe('zh-CN');
  });
});
