import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import type { TQuestionExportFormat } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/files.ts';
import { showError } from '../../shared/query-client.ts';
import { exportFilter } from './export-filter.ts';
import { exportQuestions } from './queries.ts';

const FORMATS: readonly TQuestionExportFormat[] = ['xlsx', 'aiken', 'gift', 'moodle_xml'];
/** The question list's export: a menu of formats; the chosen one downloads the questions the list's filter shows. */
export function ExportQuestionsButton({ filter }: { filter: Record<string, unknown> }) {
  const { t } = useTranslation('question-transfer');
  const { message } = App.useApp();
  const run = useMutation({
    mutationFn: (format: TQuestionExportFormat) => exportQuestions({ ...exportFilter(filter), format }),
    onSuccess: (file) => {
      if (file.count === 0 && file.skipped === 0) {
        void message.warning(t('export_none'));
        return;
      }
      if (file.count > 0) saveFile(file);
      if (file.skipped > 0) void message.warning(t('export_skipped', { count: file.count, skipped: file.skipped }));
      else void message.success(t('export_done', { count: file.count }));
    },
    onError: showError,
  });
  return (
    <Dropdown
      trigger={['click']}
      disabled={run.isPending}
      menu={{
        items: FORMATS.map((format) => ({ key: format, label: t(`export_${format}`) })),
        onClick: ({ key }) => run.mutate(key as TQuestionExportFormat),
      }}
    >
      <Button icon={<ExportOutlined />} loading={run.isPending} data-testid="qt-export">
        {t('export')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
