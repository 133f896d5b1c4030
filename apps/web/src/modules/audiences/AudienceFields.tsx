import type { TAudienceDetail, TAudienceGroup, TAudienceMode, TAudienceSubject } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Form, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { audienceCountQuery, audienceGroupsQuery, audienceMembersQuery } from './queries.ts';

/** The audience fields' values when an item has none yet, or from its stored audience. */
export function audienceValues<M extends TAudienceMode>(audience: TAudienceDetail | undefined, fallback: M) {
  return {
    audience: (audience?.mode ?? fallback) as M,
    audience_group_ids: audience?.groups.map((g) => g.id) ?? [],
    audience_user_ids: audience?.users.map((u) => u.id) ?? [],
  };
}

/** How many people an audience being chosen reaches now (`/audience/count`, shared by the fields and summaries). */
export function useAudiencePeople(
  subject: TAudienceSubject,
  mode: TAudienceMode | undefined,
  groupIds: number[],
  userIds: number[],
) {
  const { t } = useTranslation('audiences');
  const people = useQuery({
    ...audienceCountQuery(subject, mode, groupIds, userIds),
    enabled: mode !== undefined,
    placeholderData: keepPreviousData,
  });
  if (people.isError) return t('people_unknown');
  return people.data ? t('people', { count: people.data.people }) : '…';
}

/**
 * The audience of an exam or a practice set as fields of the caller's form (`audience`, `audience_group_ids`,
 * `audience_user_ids`): a radio of the allowed modes, then for `chosen` the classes, the team groups and members
 * whose roles may take part (searched), with how many people the choice reaches now.
 */
export function AudienceFields({
  modes,
  subject,
  known,
}: {
  modes: readonly TAudienceMode[];
  subject: TAudienceSubject;
  /** The stored audience, so chosen members keep their names before any search. */
  known?: TAudienceDetail;
}) {
  const { t } = useTranslation('audiences');
  const form = Form.useFormInstance();
  const mode = Form.useWatch('audience', { form, preserve: true }) as TAudienceMode | undefined;
  const groupIds = (Form.useWatch('audience_group_ids', { form, preserve: true }) ?? []) as number[];
  const userIds = (Form.useWatch('audience_user_ids', { form, preserve: true }) ?? []) as number[];
  const chosen = mode === 'chosen';
  const people = useAudiencePeople(subject, mode, chosen ? groupIds : [], chosen ? userIds : []);
  return (
    <>
      <Form.Item name="audience" label={t('title')} extra={t(`help_${subject}`)}>
        <Radio.Group data-testid="audience-mode">
          {modes.map((m) => (
            <Radio key={m} value={m}>
              {t(`mode_${m}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="audience_group_ids" hidden />
      {chosen && (
        <>
          <GroupSelects
            value={groupIds}
            known={known?.groups ?? []}
            onChange={(ids) => form.setFieldValue('audience_group_ids', ids)}
          />
          <Form.Item name="audience_user_ids" label={t('members')} extra={t(`members_help_${subject}`)}>
            <MemberSelect subject={subject} known={known?.users ?? []} />
          </Form.Item>
        </>
      )}
      <Form.Item>
        {chosen && groupIds.length + userIds.length === 0 && (
          <Alert type="warning" showIcon title={t('chosen_empty')} style={{ marginBottom: 8 }} />
        )}
        <Typography.Text type="secondary" data-testid="audience-people">
          {people}
        </Typography.Text>
      </Form.Item>
    </>
  );
}

/** The classes and the team groups of the organisation, each in its own select, kept in one list of group ids. */
function GroupSelects({
  value,
  known,
  onChange,
}: {
  value: number[];
  known: readonly TAudienceGroup[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('audiences');
  const groups = useQuery(audienceGroupsQuery());
  const all = new Map<number, TAudienceGroup>(known.map((g) => [g.id, g]));
  for (const g of groups.data?.list ?? []) all.set(g.id, g);
  const label = (g: TAudienceGroup) =>
    t(g.status === 'closed' ? 'group_closed' : 'group_option', { name: g.name, count: g.member_count });
  return (['class', 'team'] as const).map((kind) => {
    const ofKind = [...all.values()].filter((g) => g.kind === kind);
    const mine = value.filter((id) => all.get(id)?.kind === kind);
    return (
      <Form.Item key={kind} label={t(kind === 'class' ? 'classes' : 'teams')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          value={mine}
          onChange={(ids: number[]) => onChange([...value.filter((id) => all.get(id)?.kind !== kind), ...ids])}
          loading={groups.isLoading}
          placeholder={t(kind === 'class' ? 'classes_placeholder' : 'teams_placeholder')}
          notFoundContent={groups.isError ? t('groups_unavailable') : t('groups_none')}
          options={ofKind.map((g) => ({ value: g.id, label: label(g) }))}
          data-testid={`audience-${kind}`}
        />
      </Form.Item>
    );
  });
}

/** Members who may take part, searched by username or nickname; chosen ones keep their names. */
function MemberSelect({
  subject,
  value,
  onChange,
  known,
}: {
  subject: TAudienceSubject;
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: readonly { id: number; username: string; nickname: string }[];
}) {
  const { t } = useTranslation('audiences');
  const [keyword, setKeyword] = useState('');
  const [seen, setSeen] = useState(
    () => new Map(known.map((u) => [u.id, t('member_option', { nickname: u.nickname, username: u.username })])),
  );
  const search = useQuery(audienceMembersQuery(subject, keyword));
  const found = (search.data?.list ?? []).map((u) => ({
    value: u.id,
    label: t('member_option', { nickname: u.nickname, username: u.username }),
  }));
  const options = new Map(seen);
  for (const o of found) options.set(o.value, o.label);
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      value={value ?? []}
      onChange={(ids: number[]) => {
        setSeen(new Map([...options].filter(([id]) => ids.includes(id))));
        onChange?.(ids);
      }}
      onSearch={(text) => setKeyword(text.trim().slice(0, 50))}
      loading={search.isFetching}
      placeholder={t('members_placeholder')}
      aria-label={t('members_placeholder')}
      notFoundContent={search.isError ? t('members_unavailable') : t('members_none')}
      options={[...options].map(([id, label]) => ({ value: id, label }))}
      data-testid="audience-members"
    />
  );
}
