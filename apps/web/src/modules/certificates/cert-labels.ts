import type { TCertStatus, TMyCert } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatDay } from '../../shared/format.ts';
import { type CertLabels, verifyUrl } from './cert-canvas.ts';

export const STATUS_COLOR: Record<TCertStatus, string | undefined> = {
  valid: 'green',
  expired: undefined,
  revoked: 'red',
};

/** The printed labels of one certificate in the current language (t of the `certificates` namespace). */
export function certLabels(t: TFunction, cert: TMyCert): CertLabels {
  return {
    holder: t('certificates:holder_label'),
    issuedOn: t('certificates:issued_on', { date: formatDay(cert.issued_at) }),
    validUntil: cert.expires_at ? t('certificates:valid_until', { date: formatDay(cert.expires_at) }) : null,
    certificateNo: t('certificates:certificate_no', { code: cert.code }),
    verifyAt: t('certificates:verify_at', { url: verifyUrl(cert.code) }),
    revoked: cert.status === 'revoked' ? t('certificates:status_revoked') : null,
  };
}
