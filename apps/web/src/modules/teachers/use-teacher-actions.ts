import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { showError } from '../../shared/query-client.ts';

/** A change to one teacher from the manager's list. */
export type TeacherAction = 'set-blacklist' | 'set-whitelist' | 'set-top' | 'cancel-top' | 'delete';

/**
 * The manager's changes to teachers: `verify` passes or rejects an application (`onVerified` after it went
 * through), `act` runs one of the row actions; both report the outcome and refresh the teacher queries.
 */
export function useTeacherActions(onVerified: () => void) {
  const { t } = useTranslation(['teachers', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['teachers'] });
  const verify = useMutation({
    mutationFn: (input: { id: number; pass: boolean; reason?: string }) => api('/user/teacher-verify', input),
    onSuccess: (row) => {
      void message.success(t(row.status === 'verified' ? 'verified_done' : 'rejected_done'));
      onVerified();
    },
    onError: (error) => showError(error),
    onSettled: refresh,
  });
  const act = useMutation({
    mutationFn: async ({ id, action }: { id: number; action: TeacherAction }): Promise<unknown> => {
      switch (action) {
        case 'set-blacklist':
          return api('/user/teacher-set-blacklist', { id });
        case 'set-whitelist':
          return api('/user/teacher-set-whitelist', { id });
        case 'set-top':
          return api('/user/teacher-set-top', { id });
        case 'cancel-top':
          return api('/user/teacher-cancel-top', { id });
        default:
          return api('/user/teacher-delete', { id });
      }
    },
    onSuccess: () => void message.success(t('saved')),
    onError: (error) => showError(error),
    onSettled: refresh,
  });
  return { verify, act };
}
