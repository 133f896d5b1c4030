import type { TQuestionReportRow } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError } from '../../shared/query-client.ts';
import { decideReport, questionEditLink, useReportsChanged } from './queries.ts';
import { ReplyModal } from './ReplyModal.tsx';

type Decision = 'accept' | 'decline';
type Decided = Pick<TQuestionReportRow, 'id' | 'content' | 'question_id' | 'kind'>;

/**
 * Accepting and declining a report through the reply modal. After accepting a report about a question the
 * manager is offered the question's editor, where the correction itself is made.
 */
export function useReportDecision(onDone?: () => void) {
  const { t } = useTranslation('question-reports');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const changed = useReportsChanged();
  const [open, setOpen] = useState<{ report: Decided; decision: Decision }>();

  const decide = useMutation({
    mutationFn: ({ id, decision, reply }: { id: number; decision: Decision; reply: string }) =>
      decideReport(id, decision, reply),
    onSuccess: async (report, { decision }) => {
      setOpen(undefined);
      await changed();
      onDone?.();
      if (decision === 'decline') {
        void message.success(t('declined_done'));
        return;
      }
      const questionId = report.question_id;
      if (questionId === null) {
        void message.success(t('accepted_done'));
        return;
      }
      modal.confirm({
        title: t('accepted_done'),
        content: t('accepted_edit_now'),
        okText: t('edit_question'),
        cancelText: t('later'),
        onOk: () => navigate(questionEditLink(questionId)),
      });
    },
    onError: async (error) => {
      showError(error);
      // A report decided meanwhile by someone else: show its new state.
      await changed();
    },
  });

  const modalNode = open && (
    <ReplyModal
      decision={open.decision}
      content={open.report.content}
      pending={decide.isPending}
      onCancel={() => setOpen(undefined)}
      onReply={(reply) => decide.mutate({ id: open.report.id, decision: open.decision, reply })}
    />
  );
  return { start: (report: Decided, decision: Decision) => setOpen({ report, decision }), modalNode };
}
