import { namespacesOf } from './namespaces.ts';

/** Every zh-CN catalogue file of packages/i18n, bundled as one chunk. */
export default namespacesOf(
  import.meta.glob<Record<string, string>>('../../../../../packages/i18n/locales/zh-CN/*.json', {
    eager: true,
    import: 'default',
  }),
);
