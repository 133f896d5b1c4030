import type { TPracticeResult } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Spin, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { keyText, responseText, shareText } from './practice-answers.ts';
import { htmlText, letters, percent, reportPath, sessionPath } from './practice-html.tsx';
import { practiceResultQuery } from './queries.ts';

type ResultRow = TPracticeResult['questions'][number];

/** My answer as a line: letters of a choice, the answer's text of the other types. */
const answerCell = (row: ResultRow) =>
  isChoiceType(row.type)
    ? row.chosen
      ? letters(row.chosen) || '-'
      : '-'
    : row.answered
      ? responseText(row.type, row.response, row.spec)
      : '-';

/** The key as a line, once shown (the question answered, or the session finished). */
const keyCell = (row: ResultRow) =>
  isChoiceType(row.type) ? letters(row.correct_options) || '-' : keyText(row.type, row.spec);

/**
 * `/trainingcamp/train-result?id=`: a session's score and each question's outcome: my answer and the key (as text for
 * the types that are not choices), right, partly right with its share of full marks, or wrong.
 */
export function TrainResultPage() {
  const { t } = useTranslation(['practice', 'common']);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const result = useQuery({
    ...practiceResultQuery(id),
    enabled: valid,
  });
  if (!valid) return <Empty description={t('no_session')} />;
  if (result.isError && !result.data) return <LoadFailed error={result.error} onRetry={() => result.refetch()} />;
  if (!result.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const data = result.data;
  return (
    <Card
      title={`${t('result_title')} · ${data.set_name ?? t('wrong_book_practice')}`}
      extra={
        <Space>
          <Link to={reportPath(id)}>{t('view_report')}</Link>
          <Link to={sessionPath(id)}>{t('analysis')}</Link>
          <Link to="/trainingcamp/train">
            <Button>{t('practise_again')}</Button>
          </Link>
        </Space>
      }
    >
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('score')} value={data.score} data-testid="practice-score" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('total')} value={data.total} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('answered')} value={data.answered_count} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('accuracy')} value={percent(data.correct_count, data.answered_count)} />
        </Col>
      </Row>
      <ResponsiveTable<ResultRow>
        rowKey="id"
        dataSource={data.questions}
        pagination={false}
        columns={[
          { title: '#', width: 60, phone: 'hidden', render: (_v, _r, i) => i + 1 },
          { title: t('stem'), dataIndex: 'stem', phone: 'title', render: (stem: string) => htmlText(stem) },
          { title: t('type'), width: 110, render: (_v, row) => <Tag>{t(`type_${row.type}`)}</Tag> },
          {
            title: t('chosen_col'),
            width: 180,
            render: (_v, row) => <span data-user-content>{answerCell(row)}</span>,
          },
          {
            title: t('correct_col'),
            width: 180,
            render: (_v, row) => <span data-user-content>{keyCell(row)}</span>,
          },
          {
            title: t('result'),
            width: 120,
            render: (_v, row) =>
              !row.answered ? (
                <Tag>{t('unanswered')}</Tag>
              ) : row.correct ? (
                <Tag color="green">{t('right')}</Tag>
              ) : (row.share ?? 0) > 0 ? (
                <Tag color="orange">{t('partly_right', { share: shareText(row.share ?? 0) })}</Tag>
              ) : (
                <Tag color="red">{t('wrong')}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
