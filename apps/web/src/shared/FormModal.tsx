import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api.ts';
import { fieldErrorsOf } from './form-rules.ts';

/**
 * A create/edit dialog around one vertical form: the OK button ("Save" unless told) submits the form and spins
 * while `saving`; the form is dropped when the dialog closes.
 */
export function FormModal<V>({
  form,
  open = true,
  title,
  okText,
  saving,
  saveTestId,
  width,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  form: FormInstance<V>;
  open?: boolean;
  title: ReactNode;
  okText?: ReactNode;
  saving: boolean;
  /** data-testid of the OK button. */
  saveTestId: string;
  width?: number;
  initialValues?: FormProps<V>['initialValues'];
  onFinish: (values: V) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={okText ?? t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: saving, ...{ 'data-testid': saveTestId } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}

/**
 * Puts a refused save's errors on the form: an `invalid_input` answer's errors on the named `fields`, and the
 * answer's own text on the field `taken` names for its code (e.g. `{ dict_name_taken: 'name' }`).
 * False when none of them applied, so the caller shows the error its own way.
 */
export function setFormErrors<F extends string>(
  form: FormInstance,
  error: unknown,
  fields: readonly F[],
  taken: Partial<Record<string, F>> = {},
): boolean {
  if (error instanceof ApiError && Object.hasOwn(taken, error.code)) {
    form.setFields([{ name: taken[error.code]!, errors: [error.message] }]);
    return true;
  }
  const errors = fieldErrorsOf(error, fields);
  if (errors.length > 0) form.setFields(errors);
  return errors.length > 0;
}
