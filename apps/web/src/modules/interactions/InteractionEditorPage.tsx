import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { TInteractionDetail, TInteractionItem, TInteractionSettings } from '@app/contracts';
import { INTERACTION_LIMITS } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Result, Skeleton, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { parseId } from '../../shared/task-paths.ts';
import { PassedQuestionPicker } from '../question-bank/index.ts';
import {
  createInteraction,
  INTERACT_KEY,
  interactionDetailQuery,
  updateInteraction,
  useInteractionsChanged,
} from './queries.ts';

const SETTINGS: (keyof TInteractionSettings)[] = [
  'leaderboard',
  'show_answer',
  'speed_points',
  'anonymous',
  'allow_change',
];
const DEFAULT_SETTINGS: TInteractionSettings = {
  anonymous: false,
  show_answer: true,
  leaderboard: true,
  speed_points: true,
  allow_change: false,
};
const DEFAULT_ITEM = { seconds: 20, points: 100 };

const courseEditorPath = (courseId: number) => `/teacher/course/detail/interact?id=${courseId}`;

/**
 * `/course/interact/add?course_id=[&id=]`: writes an interaction of a course — its title, its questions in order
 * (the organisation's passed questions a machine grades), each with seconds to answer (0 = until closed) and points,
 * and its settings. Saving returns to the course's interactions.
 */
export function InteractionEditorPage() {
  const { t } = useTranslation(['interactions', 'common']);
  const [params] = useSearchParams();
  const courseId = parseId(params.get('course_id'));
  const id = parseId(params.get('id'));
  const detail = useQuery({ ...interactionDetailQuery(id ?? 0), enabled: id !== null });
  if (courseId === null) return <Result status="404" title={t('course_missing')} />;
  if (id !== null && detail.isError) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (id !== null && !detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <InteractionEditor key={id ?? 'new'} courseId={courseId} existing={detail.data ?? null} />;
}

function InteractionEditor({ courseId, existing }: { courseId: number; existing: TInteractionDetail | null }) {
  const { t } = useTranslation(['interactions', 'common', 'question-bank']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useInteractionsChanged();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [settings, setSettings] = useState<TInteractionSettings>(existing?.settings ?? DEFAULT_SETTINGS);
  const [items, setItems] = useState<TInteractionItem[]>(
    existing?.items.map(({ question_id, seconds, points }) => ({ question_id, seconds, points })) ?? [],
  );
  const known = new Map((existing?.items ?? []).map((item) => [item.question_id, item]));
  const save = useMutation({
    mutationFn: () =>
      existing
        ? updateInteraction({ id: existing.id, title: title.trim(), items, settings })
        : createInteraction({ course_id: courseId, title: title.trim(), items, settings }),
    onSuccess: async () => {
      await changed();
      void message.success(t('saved'));
      void navigate(courseEditorPath(courseId));
    },
    onError: showError,
  });
  const pick = (ids: number[]) =>
    setItems((now) =>
      ids.map((qid) => now.find((item) => item.question_id === qid) ?? { question_id: qid, ...DEFAULT_ITEM }),
    );
  const patch = (index: number, change: Partial<TInteractionItem>) =>
    setItems((now) => now.map((item, i) => (i === index ? { ...item, ...change } : item)));
  const move = (index: number, by: number) =>
    setItems((now) => {
      const next = [...now];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const ready = title.trim().length > 0 && items.length > 0;

  return (
    <Card title={existing ? t('edit_title') : t('new_title')} data-testid="interaction-editor">
      <Form layout="vertical">
        <Form.Item label={t('title')} required>
          <Input
            value={title}
            maxLength={INTERACTION_LIMITS.title}
            showCount
            onChange={(event) => setTitle(event.target.value)}
            data-testid="interaction-title"
          />
        </Form.Item>
        <Form.Item label={t('questions')} extra={t('questions_help')} required>
          <PassedQuestionPicker
            value={items.map((item) => item.question_id)}
            onChange={pick}
            known={[...known.values()].map((item) => ({ id: item.question_id, text: item.stem_text.slice(0, 100) }))}
            ns="interactions"
            queryKey={INTERACT_KEY}
            testId="interaction-questions"
            withType
            withPrivate
          />
        </Form.Item>
        {items.length > 0 ? (
          <Table<TInteractionItem>
            rowKey="question_id"
            size="small"
            pagination={false}
            dataSource={items}
            scroll={{ x: 560 }}
            style={{ marginBottom: 24 }}
            columns={[
              { key: 'n', title: '#', width: 48, render: (_v, _item, index) => index + 1 },
              {
                key: 'question',
                title: t('question'),
                render: (_v, item) => {
                  const found = known.get(item.question_id);
                  return found ? (
                    <Space size={4}>
                      <Tag>{t(`question-bank:type_${found.type}`)}</Tag>
                      {found.stem_text.slice(0, 60)}
                    </Space>
                  ) : (
                    `#${item.question_id}`
                  );
                },
              },
              {
                key: 'seconds',
                title: t('seconds'),
                width: 130,
                render: (_v, item, index) => (
                  <InputNumber
                    min={0}
                    max={INTERACTION_LIMITS.seconds}
                    precision={0}
                    value={item.seconds}
                    onChange={(value) => patch(index, { seconds: value ?? 0 })}
                    aria-label={t('seconds')}
                  />
                ),
              },
              {
                key: 'points',
                title: t('points'),
                width: 120,
                render: (_v, item, index) => (
                  <InputNumber
                    min={0}
                    max={INTERACTION_LIMITS.points}
                    precision={0}
                    value={item.points}
                    onChange={(value) => patch(index, { points: value ?? 0 })}
                    aria-label={t('points')}
                  />
                ),
              },
              {
                key: 'actions',
                title: t('common:actions'),
                width: 120,
                render: (_v, _item, index) => (
                  <Space size={0}>
                    <Button
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t('move_up')}
                    />
                    <Button
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('move_down')}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => setItems((now) => now.filter((_, i) => i !== index))}
                      aria-label={t('remove')}
                    />
                  </Space>
                ),
              },
            ]}
          />
        ) : null}
        <Space wrap size="large" style={{ marginBottom: 24 }}>
          {SETTINGS.map((key) => (
            <Space key={key}>
              <Switch
                checked={settings[key]}
                onChange={(checked) => setSettings((now) => ({ ...now, [key]: checked }))}
                data-testid={`interaction-setting-${key}`}
              />
              <span>{t(`setting_${key}`)}</span>
            </Space>
          ))}
        </Space>
        <Space>
          <Button onClick={() => navigate(courseEditorPath(courseId))}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            disabled={!ready}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="interaction-save"
          >
            {t('common:save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
