import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { regradeQuestion, useExamsChanged } from './queries.ts';

/**
 * A question's re-grade (docs/marking.md "Re-grading"): after a correction, every submitted attempt is graded again
 * with the key as it is now. A dry run first says how many attempts change and how many passes turn, and the
 * teacher confirms; answers marked by hand keep their marks.
 */
export function RegradeAction({ examId, questionId }: { examId: number; questionId: number }) {
  const { t } = useTranslation('exams');
  const { modal, message } = App.useApp();
  const changed = useExamsChanged();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const preview = await regradeQuestion({ exam_id: examId, question_id: questionId, dry_run: true });
      if (preview.changes.length === 0) {
        void message.info(t('regrade_nothing', { count: preview.attempt_count }));
        return;
      }
      const turned = preview.changes.filter((c) => c.passed_before !== c.passed_after).length;
      modal.confirm({
        title: t('regrade_confirm_title'),
        content: t('regrade_confirm', { count: preview.changes.length, turned }),
        okText: t('regrade_ok'),
        okButtonProps: { ...{ 'data-testid': 'regrade-confirm' } },
        onOk: async () => {
          try {
            const done = await regradeQuestion({ exam_id: examId, question_id: questionId, dry_run: false });
            await changed();
            void message.success(t('regrade_done', { count: done.changes.length }));
          } catch (error) {
            showError(error);
          }
        },
      });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={t('regrade_help')}>
      <Button
        size="small"
        icon={<ReloadOutlined />}
        loading={busy}
        onClick={() => void run()}
        data-testid={`regrade-${questionId}`}
      >
        {t('regrade')}
      </Button>
    </Tooltip>
  );
}
