import { namespacesOf } from './namespaces.ts';

/** Every en-US catalogue file of packages/i18n, bundled as one chunk. */
export default namespacesOf(
  import.meta.glob<Record<string, string>>('../../../../../packages/i18n/locales/en-US/*.json', {
    eager: true,
    import: 'default',
  }),
);
