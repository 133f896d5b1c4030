import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['agreement_s1', 'agreement_s2', 'agreement_s3', 'agreement_s4'] as const;

/** The user agreement and privacy terms shown from the registration forms. */
export function AgreementModal({
  open,
  onClose,
  onAccept,
}: {
  open: boolean;
  onClose: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      open={open}
      title={t('agreement_title')}
      onCancel={onClose}
      onOk={onAccept}
      okText={t('agreement_accept')}
      cancelText={t('agreement_close')}
      width={600}
    >
      <div className="agreement-text">
        {SECTIONS.map((key) => (
          <section key={key}>
            <Typography.Title level={5}>{t(`${key}_title`)}</Typography.Title>
            <Typography.Paragraph>{t(`${key}_text`)}</Typography.Paragraph>
          </section>
        ))}
      </div>
    </Modal>
  );
}
