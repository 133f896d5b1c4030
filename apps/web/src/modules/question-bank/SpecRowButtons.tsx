import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/** The remove button of a row of a key's list (a blank, a pair, a distractor, an item, a rubric criterion). */
export function RowRemoveButton({
  label,
  disabled,
  onClick,
  testId,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
      data-testid={testId}
    />
  );
}

/** The button under a key's list that adds a row (its text says how many there are of the most). */
export function RowAddButton({
  children,
  disabled,
  onClick,
  testId,
}: {
  children: ReactNode;
  disabled: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
