import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { showError } from '../../shared/query-client.ts';
import { sessionPath } from './practice-html.tsx';
import { PRACTICE_KEY, startPractice } from './queries.ts';

type Source = 'new' | 'wrong' | 'both';
type FontSize = 'small' | 'standard' | 'large';
interface StartValues {
  count?: number | null;
  source: Source;
  font_size: FontSize;
}

export interface StartableSet {
  id: number;
  name: string;
  per_session: number;
}

/** Shows a failure to start or join: the other-organisation warning, else the error's message. */
export function usePracticeFailure() {
  const { t } = useTranslation('practice');
  const { modal } = App.useApp();
  return (error: unknown) => {
    if (error instanceof ApiError && error.code === 'practice_other_site')
      modal.warning({ title: t('other_site_title'), content: error.message });
    else showError(error);
  };
}

/** Starting a session on a set: the number of questions, where they come from and the font size. */
export function StartPracticeModal({ set, onClose }: { set: StartableSet | undefined; onClose: () => void }) {
  const { t } = useTranslation('practice');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StartValues>();
  const showFailure = usePracticeFailure();
  const start = useMutation({
    mutationFn: (input: { set_id: number } & StartValues) =>
      startPractice({
        set_id: input.set_id,
        source: input.source,
        font_size: input.font_size,
        ...(input.count ? { count: input.count } : {}),
      }),
    onSuccess: async (created) => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: PRACTICE_KEY });
      void navigate(sessionPath(created.id));
    },
    onError: showFailure,
  });
  return (
    <Modal
      open={set !== undefined}
      title={set ? t('start_title', { name: set.name }) : ''}
      okText={t('start')}
      confirmLoading={start.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ ...{ 'data-testid': 'practice-start-ok' } }}
      destroyOnHidden
    >
      <Form<StartValues>
        form={form}
        layout="vertical"
        initialValues={{ count: null, source: 'new', font_size: 'standard' }}
        onFinish={(values) => set && start.mutate({ set_id: set.id, ...values })}
      >
        <Form.Item name="count" label={t('count')} extra={t('count_help', { count: set?.per_session ?? 0 })}>
          <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} data-testid="practice-count" />
        </Form.Item>
        <Form.Item name="source" label={t('source')}>
          <Radio.Group data-testid="practice-source">
            <Radio value="new">{t('source_new')}</Radio>
            <Radio value="wrong">{t('source_wrong')}</Radio>
            <Radio value="both">{t('source_both')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="font_size" label={t('font_size')}>
          <Radio.Group optionType="button">
            <Radio value="small">{t('font_small')}</Radio>
            <Radio value="standard">{t('font_standard')}</Radio>
            <Radio value="large">{t('font_large')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
