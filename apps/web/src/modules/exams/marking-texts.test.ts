import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import enMarking from '@app/i18n/locales/en-US/exam-marking.json';
import enExams from '@app/i18n/locales/en-US/exams.json';
import zhMarking from '@app/i18n/locales/zh-CN/exam-marking.json';
import zhExams from '@app/i18n/locales/zh-CN/exams.json';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const catalogues: Record<string, Record<string, Record<string, string>>> = {
  'exam-marking': { en: enMarking, zh: zhMarking },
  exams: { en: enExams, zh: zhExams },
};

/** The keys the marking files ask for: `t('key'`, both keys of `t(x ? 'a' : 'b'`, and `'attempt_graded…'`. */
function keysUsed(): { ns: string; key: string; file: string }[] {
  const files = readdirSync(here).filter((f) => /^Marking\w*\.tsx$/.test(f));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(here, file), 'utf8');
    const keys = [
      ...[...source.matchAll(/\bt\(\s*'([\w:-]+)'/g)].map((m) => m[1]!),
      ...[...source.matchAll(/\bt\(\s*[\w.]+ \? '(\w+)' : '(\w+)'/g)].flatMap((m) => [m[1]!, m[2]!]),
      ...[...source.matchAll(/'(attempt_graded\w*)'/g)].map((m) => m[1]!),
    ];
    return keys.map((k) => {
      const [ns, key] = k.includes(':') ? (k.split(':') as [string, string]) : ['exam-marking', k];
      return { ns, key, file };
    });
  });
}

describe('marking texts', () => {
  it('has every key the marking page uses in both languages (plural keys as _one and _other)', () => {
    const used = keysUsed();
    expect(used.length).toBeGreaterThan(40);
    for (const { ns, key, file } of used) {
      if (!catalogues[ns]) continue;
      for (const lang of ['en', 'zh']) {
        const texts = catalogues[ns][lang]!;
        const found = texts[key] ?? texts[`${key}_other`];
        expect(found, `${file} ${ns}:${key} (${lang})`).toBeTruthy();
      }
    }
    // Keys the files build or look up rather than write out (second-mark states, empty listings by filter).
    for (const key of [
      'second_state_waiting',
      'second_state_given',
      'second_state_apart',
      'empty_question',
      'empty_attempt',
      'empty_second_done',
    ]) {
      expect(enMarking[key as keyof typeof enMarking], key).toBeTruthy();
      expect(zhMarking[key as keyof typeof zhMarking], key).toBeTruthy();
    }
    for (const key of ['blind_marking', 'blind_marking_switch', 'blind_marking_help']) {
      expect(enExams[key as keyof typeof enExams], key).toBeTruthy();
      expect(zhExams[key as keyof typeof zhExams], key).toBeTruthy();
    }
  });

  it('says "1 attempt" and "2 attempts" in English and numbers blind candidates', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      resources: { 'en-US': { 'exam-marking': enMarking }, 'zh-CN': { 'exam-marking': zhMarking } },
      keySeparator: false,
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('exam-marking:being_graded', { count: 1 })).toBe('1 attempt waiting for marks');
    expect(i18n.t('exam-marking:being_graded', { count: 2 })).toBe('2 attempts waiting for marks');
    expect(i18n.t('exam-marking:candidate_n', { n: 3 })).toBe('Candidate 3');
    expect(i18n.t('exam-marking:candidate_n', { n: 3, lng: 'zh-CN' })).toBe('考生 3');
  });
});
