import type { TUserDetail } from '@app/contracts';
import { App as AntApp, Spin } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../api.ts';
import { LazyErrorPage } from '../LazyErrorPage.tsx';
import { signedIn } from '../signed-in.ts';
import { rememberUser } from './session-state.ts';
import { heartbeatWanted, type UserStat, useHeartbeat, usePushesWanted } from './use-heartbeat.ts';
import { useUserDetail } from './use-user-detail.ts';

interface Session {
  detail: TUserDetail;
  userStat: UserStat | null;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <RequireSession>');
  return session;
}

/** Whether the current role holds the permission key of a procedure (its path), as `/user/detail` lists them. */
export function useMayCall(key: string): boolean {
  return useSession().detail.user.permissions.includes(key);
}

/** Routes that need a session: a visitor goes to /login?from=<full path>; the user detail loads once. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { t } = useTranslation('shell');
  const { modal } = AntApp.useApp();
  const detail = useUserDetail();
  const onUnsupported = useCallback(() => {
    modal.warning({ title: t('no_websocket') });
  }, [modal, t]);
  // A page may ask for the socket where the login status leaves it closed (useWantPushes).
  const pushes = usePushesWanted();
  const wanted = heartbeatWanted(location.pathname, location.search) || pushes;
  const userStat = useHeartbeat(wanted && detail.isSuccess, onUnsupported);
  useEffect(() => {
    if (detail.data) rememberUser(detail.data.user.id);
  }, [detail.data]);

  if (!signedIn()) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.code === 'auth_fail') return <Navigate to="/login" replace />;
    return <LazyErrorPage status={500} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) {
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  }
  return <SessionContext.Provider value={{ detail: detail.data, userStat }}>{children}</SessionContext.Provider>;
}
