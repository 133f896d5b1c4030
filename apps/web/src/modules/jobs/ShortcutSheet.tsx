import type { TTemplateContent } from '@app/contracts';
import { normaliseShortcut } from '@app/contracts/annotation/template.ts';
import { Button, Input, Modal, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Binding, bindingsOf, type ShortcutOverrides } from './shortcut-overrides.ts';

const FRAME_KEYS = [
  ['ctrl+s', 'key_save'],
  ['ctrl+enter', 'key_primary'],
  ['ctrl+z', 'key_undo'],
  ['ctrl+shift+z', 'key_redo'],
  ['?', 'key_help'],
] as const;

/**
 * The keyboard help sheet: the frame's own keys, then every tool and label of the template with the template's key
 * and the user's own binding, which they may change here (checked: a valid key, not taken twice).
 */
export function ShortcutSheet({
  open,
  template,
  overrides,
  onSave,
  onClose,
}: {
  open: boolean;
  template: TTemplateContent | null;
  overrides: ShortcutOverrides;
  onSave: (next: ShortcutOverrides) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['jobs', 'common']);
  const [own, setOwn] = useState<ShortcutOverrides>(overrides);
  useEffect(() => {
    if (open) setOwn(overrides);
  }, [open, overrides]);
  const rows = bindingsOf(template, own);
  const effective = (row: Binding) => normaliseShortcut(row.own || row.template || '') ?? null;
  const problem = (row: Binding): string | null => {
    if (row.own && !normaliseShortcut(row.own)) return t('shortcut_invalid');
    const mine = effective(row);
    if (!mine) return null;
    const taken =
      rows.some((other) => other.key !== row.key && effective(other) === mine) ||
      FRAME_KEYS.some(([key]) => key === mine);
    return taken ? t('shortcut_taken') : null;
  };
  const blocked = rows.some((row) => problem(row) !== null && row.own);

  return (
    <Modal
      open={open}
      title={t('shortcut_sheet')}
      onCancel={onClose}
      width={640}
      data-testid="shortcut-sheet"
      footer={[
        <Button key="reset" onClick={() => setOwn({})} data-testid="shortcut-reset">
          {t('shortcut_reset')}
        </Button>,
        <Button
          key="save"
          type="primary"
          disabled={blocked}
          onClick={() => onSave(Object.fromEntries(Object.entries(own).filter(([, v]) => v)))}
          data-testid="shortcut-save"
        >
          {t('common:save')}
        </Button>,
      ]}
    >
      <Typography.Title level={5}>{t('shortcut_frame')}</Typography.Title>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
        {FRAME_KEYS.map(([key, label]) => (
          <span key={key}>
            <Tag>{key}</Tag>
            {t(label)}
          </span>
        ))}
      </div>
      <Typography.Title level={5}>{t('shortcut_tools')}</Typography.Title>
      <Table<Binding>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('shortcut_none') }}
        columns={[
          {
            title: t('shortcut_name'),
            dataIndex: 'name',
            render: (name: string, row) => `${t(`shortcut_kind_${row.kind}`)} · ${name}`,
          },
          {
            title: t('shortcut_template'),
            dataIndex: 'template',
            width: 120,
            render: (v: string | null) => (v ? <Tag>{v}</Tag> : '—'),
          },
          {
            title: t('shortcut_own'),
            key: 'own',
            width: 200,
            render: (_: unknown, row) => {
              const error = problem(row);
              return (
                <>
                  <Input
                    size="small"
                    value={own[row.key] ?? ''}
                    placeholder={row.template ?? ''}
                    status={error ? 'error' : undefined}
                    onChange={(e) => setOwn({ ...own, [row.key]: e.target.value.trim() })}
                    data-testid={`shortcut-own-${row.key}`}
                  />
                  {error && <Typography.Text type="danger">{error}</Typography.Text>}
                </>
              );
            },
          },
        ]}
      />
    </Modal>
  );
}
