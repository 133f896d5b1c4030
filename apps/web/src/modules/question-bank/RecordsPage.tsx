import { Button, Card, Empty, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { QuestionRecords } from './QuestionRecords.tsx';
import { idParam, MANAGER_ROUTES } from './question-routes.ts';
import './question-bank.css';

/** `/dataset/datarecords/{id?}`: the edit history of a question (its id in the address, or typed here). */
export function RecordsPage() {
  const { t } = useTranslation('question-bank');
  const navigate = useNavigate();
  const id = idParam(useParams().id);
  const [typed, setTyped] = useState<number | null>(id);
  return (
    <Card
      title={id ? t('records_of', { id }) : t('records_title')}
      extra={id && <Link to={MANAGER_ROUTES.detail(id)}>{t('open_question')}</Link>}
    >
      <Space className="qb-toolbar">
        <InputNumber<number>
          min={1}
          precision={0}
          placeholder={t('question_id')}
          aria-label={t('question_id')}
          value={typed}
          onChange={setTyped}
          onPressEnter={() => typed && navigate(`/dataset/datarecords/${typed}`)}
          style={{ width: 180 }}
          data-testid="qb-records-id"
        />
        <Button type="primary" disabled={!typed} onClick={() => navigate(`/dataset/datarecords/${typed}`)}>
          {t('show_records')}
        </Button>
      </Space>
      {id ? <QuestionRecords key={id} id={id} /> : <Empty description={t('records_pick')} />}
    </Card>
  );
}
