import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list's toolbar: the search box and filters (`children`) on the left, the actions (such as a create button) on
 * the right.
 */
export function ListToolbar({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>{children}</Space>
      {actions}
    </Space>
  );
}

/** The list's keyword search: clearable, trimmed, an empty keyword is `undefined`. */
export function SearchInput({
  placeholder,
  onSearch,
  width = 260,
  testId,
}: {
  placeholder: string;
  onSearch: (keyword: string | undefined) => void;
  width?: number;
  testId?: string;
}) {
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      onSearch={(value) => onSearch(value.trim() || undefined)}
      style={{ width }}
      data-testid={testId}
    />
  );
}

/** The toolbar's primary "create" button with the plus icon. */
export function CreateButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/** A row's action link behind a confirmation (`okText` is the link's label). */
export function ConfirmLink({
  title,
  label,
  cancelText,
  onConfirm,
  danger = false,
  disabled,
  testId,
}: {
  title: string;
  label: string;
  cancelText: string;
  onConfirm: () => unknown;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Popconfirm title={title} onConfirm={onConfirm} okText={label} cancelText={cancelText} okButtonProps={{ danger }}>
      <Button type="link" size="small" danger={danger} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
