/** Counts as label–number pairs that wrap between pairs (one column for several counts); a flagged count in red. */
export function CountList({
  items,
}: {
  items: { key: string; label: string; value: number; danger?: boolean; testId?: string }[];
}) {
  return (
    <div className="count-list">
      {items.map((item) => (
        <span key={item.key} className="count-list-item">
          {item.label}{' '}
          <b className={item.danger && item.value > 0 ? 'count-list-danger' : undefined} data-testid={item.testId}>
            {item.value}
          </b>
        </span>
      ))}
    </div>
  );
}
