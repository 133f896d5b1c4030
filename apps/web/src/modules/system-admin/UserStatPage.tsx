import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Space, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../shared/api.ts';
import { userStatQuery } from './queries.ts';

type StatDay = ApiOutput<'/system/user-stat-day-list'>['list'][number];

/** User statistics per day (`/system/user-stat`): new users, sign-ins and active users over a date range. */
export function UserStatPage() {
  const { t } = useTranslation(['system-admin', 'common']);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const stats = useQuery(userStatQuery(from, to));
  const rows = stats.data?.list ?? [];
  const sum = (pick: (row: StatDay) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          data-testid="user-stat-range"
        />
      </Space>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Statistic title={t('stat_new_users')} value={sum((r) => r.new_users)} loading={stats.isLoading} />
        </Col>
        <Col xs={24} md={8}>
          <Statistic title={t('stat_sign_ins')} value={sum((r) => r.sign_ins)} loading={stats.isLoading} />
        </Col>
        <Col xs={24} md={8}>
          <Statistic
            title={t('stat_peak_active')}
            value={Math.max(0, ...rows.map((r) => r.active_users))}
            loading={stats.isLoading}
          />
        </Col>
      </Row>
      <Table<StatDay>
        rowKey="day"
        size="small"
        loading={stats.isFetching}
        dataSource={[...rows].reverse()}
        pagination={{ pageSize: 31, showSizeChanger: false }}
        data-testid="user-stat-table"
        columns={[
          { title: t('stat_day'), dataIndex: 'day' },
          { title: t('stat_new_users'), dataIndex: 'new_users' },
          { title: t('stat_sign_ins'), dataIndex: 'sign_ins' },
          { title: t('stat_active_users'), dataIndex: 'active_users' },
        ]}
      />
    </Card>
  );
}
