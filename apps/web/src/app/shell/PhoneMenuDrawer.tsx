import { Drawer, Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShellModule } from './navigation.ts';
import { useMenuItems, useOpenEntry } from './SideMenu.tsx';

/**
 * The phone's menu: a drawer from the left holding every module (the desktop's module tabs) as a section, the
 * current module's open, with its entries (the desktop's side menu). Picking an entry opens it and closes the drawer.
 */
export function PhoneMenuDrawer({
  open,
  onClose,
  title,
  modules,
  current,
  selected,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  modules: ShellModule[];
  current: ShellModule | null;
  selected: string | undefined;
}) {
  const { t } = useTranslation('menu');
  const items = useMenuItems();
  const openEntry = useOpenEntry();
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current.key] : []);
  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(current.key) ? keys : [...keys, current.key]));
  }, [current]);
  const shown = modules.filter((m) => m.menu.length > 0);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={280}
      title={title}
      styles={{ body: { padding: 0 } }}
      rootClassName="phone-menu-drawer"
    >
      <nav data-testid="phone-menu">
        <Menu
          mode="inline"
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          selectedKeys={selected ? [selected] : []}
          items={shown.map((m) => ({ key: m.key, label: t(m.titleKey), children: items(m) }))}
          onClick={({ key }) => {
            const entry = shown.flatMap((m) => m.menu).find((e) => e.name === key);
            if (!entry) return;
            openEntry(entry);
            onClose();
          }}
        />
      </nav>
    </Drawer>
  );
}
