import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { actOnTeacher, type TeacherAction, verifyTeacher } from './queries.ts';

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
    mutationFn: verifyTeacher,
    onSuccess: (row) => {
      void message.success(t(row.status === 'verified' ? 'verified_done' : 'rejected_done'));
      onVerified();
    },
    onError: (error) => showError(error),
    onSettled: refresh,
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: TeacherAction }) => actOnTeacher(id, action),
    onSuccess: () => void message.success(t('saved')),
    onError: (error) => showError(error),
    onSettled: refresh,
  });
  return { verify, act };
}
