import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Warns before unsaved changes are lost: the browser's own prompt on closing or reloading the tab, and a
 * confirmation (leave / stay) on in-app navigation to another path. Needs the data router.
 * Only one mounted component at a time may pass `dirty = true` (react-router keeps one blocker).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: t('unsaved_changes'),
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker.state, modal, t]);
}
