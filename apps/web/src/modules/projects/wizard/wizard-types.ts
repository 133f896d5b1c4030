import type { TProjectDetail } from '@app/contracts';

/** What every wizard step after info receives from the wizard page. */
export interface StepProps {
  project: TProjectDetail;
  /** The step saved: move on (with the answered detail when the call returned one). */
  onNext: (detail?: TProjectDetail) => void;
  onBack: () => void;
  /** The step holds changes not saved yet (warns before leaving). */
  onDirty: (dirty: boolean) => void;
}
