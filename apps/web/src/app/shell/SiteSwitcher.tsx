import { ApartmentOutlined, InfoCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchSite } from '../../shared/session/session-actions.ts';
import { useSession } from '../../shared/session/session-context.tsx';

/** The organisations of the user, with the note that each one's data is independent and not synchronised. */
export function SiteSwitchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { detail } = useSession();
  const [switching, setSwitching] = useState<number | null>(null);
  const currentId = detail.user.site.id;
  return (
    <Modal open={open} title={t('switch_site')} footer={null} onCancel={onClose}>
      <p className="site-switch-note">
        <InfoCircleFilled /> {t('site_data_independent')}
      </p>
      <ul className="plain-list">
        {detail.userSites.map((item) => (
          <li key={item.site_id}>
            <span>{item.site.name}</span>
            {item.site_id === currentId ? (
              <span className="plain-list-note">{t('current_site')}</span>
            ) : (
              <Button
                type="link"
                loading={switching === item.site_id}
                onClick={async () => {
                  setSwitching(item.site_id);
                  try {
                    await switchSite(item.site_id);
                  } finally {
                    setSwitching(null);
                  }
                }}
              >
                {t('switch_to')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** The top bar's button that opens the organisation switcher (shown to members of several organisations). */
export function SiteSwitcher() {
  const { t } = useTranslation('shell');
  const { detail } = useSession();
  const [open, setOpen] = useState(false);
  if (detail.userSites.length < 2) return null;
  return (
    <>
      <Button size="small" icon={<ApartmentOutlined />} onClick={() => setOpen(true)} data-testid="site-switcher">
        {t('switch_site')}
      </Button>
      <SiteSwitchModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
