import { ScheduleOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TodoDetails, useTodoCounts } from './TodoPanel.tsx';

/** The phone's to-do: a button in the top bar with the count, opening the lists in a drawer from the bottom. */
export function TodoButton() {
  const { t } = useTranslation('shell');
  const { total } = useTodoCounts();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={total} size="small" offset={[-4, 4]} color="#fa541c">
        <Button
          type="text"
          icon={<ScheduleOutlined />}
          aria-label={t('todo_you_have', { count: total })}
          title={t('todo_items')}
          onClick={() => setOpen(true)}
          data-testid="todo-open"
        />
      </Badge>
      <Drawer
        open={open}
        placement="bottom"
        size="auto"
        title={t('todo_items')}
        styles={{ body: { maxHeight: '60vh' } }}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <div data-testid="todo-panel">
          <TodoDetails onGo={() => setOpen(false)} />
        </div>
      </Drawer>
    </>
  );
}
