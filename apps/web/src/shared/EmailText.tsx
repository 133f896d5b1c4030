import { Fragment } from 'react';

/**
 * An e-mail address that wraps before its "@" and its dots rather than inside a word (a table cell breaks a long
 * word anywhere once it has no other place to break).
 */
export function EmailText({ value }: { value: string | null | undefined }) {
  if (!value) return <>—</>;
  const parts = value.split(/(?=[@.])/);
  return (
    <span>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
