import { Card, Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router';

type Tab = NonNullable<TabsProps['items']>[number];

/** A card of tabs whose active tab is the `?tab=` search parameter (the first tab when it names none). */
export function SearchParamTabs({ items }: { items: Tab[] }) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab = items.some((item) => item.key === wanted) ? wanted : items[0]?.key;
  return (
    <Card>
      <Tabs
        activeKey={tab ?? undefined}
        destroyOnHidden
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={items}
      />
    </Card>
  );
}
