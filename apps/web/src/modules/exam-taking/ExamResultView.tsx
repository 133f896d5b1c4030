import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { TExamResult } from '@app/contracts';
import { Alert, Card, Col, Descriptions, Result, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { AttemptStatusTag, ExamHtml, letter } from './exam-shared.tsx';

/** A submitted attempt: score, pass/fail, answered/correct, the certificate, and each question with my answer. */
export function ExamResultView({ result, extra }: { result: TExamResult; extra?: React.ReactNode }) {
  const { t } = useTranslation(['exam-taking', 'common']);
  const graded = result.passed !== null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="exam-result">
      <Card>
        <Result
          status={!graded ? 'info' : result.passed ? 'success' : 'warning'}
          title={
            <span data-testid="exam-result-verdict">
              {!graded ? t('state_being_graded') : result.passed ? t('state_passed') : t('state_failed')}
            </span>
          }
          subTitle={`${result.exam_name} · ${t('attempt_n', { n: result.seq })}`}
          extra={extra}
        />
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic
              title={t('score')}
              value={result.score ?? '—'}
              suffix={`/ ${result.total_score}`}
              valueRender={(node) => <span data-testid="exam-result-score">{node}</span>}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('pass_score')} value={result.pass_score} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('answered')}
              value={result.answered}
              suffix={`/ ${result.questions.length}`}
              valueRender={(node) => <span data-testid="exam-result-answered">{node}</span>}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('correct')}
              value={result.correct}
              valueRender={(node) => <span data-testid="exam-result-correct">{node}</span>}
            />
          </Col>
        </Row>
        <Descriptions size="small" style={{ marginTop: 16 }} column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('started_at')}>{formatTime(result.started_at)}</Descriptions.Item>
          <Descriptions.Item label={t('submitted_at')}>{formatTime(result.submitted_at)}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <AttemptStatusTag status={result.status} passed={result.passed} t={t} />
            {result.submitted_by === 'server' ? <Tag>{t('submitted_by_server')}</Tag> : null}
            {result.submitted_by === 'teacher' ? <Tag>{t('submitted_by_teacher')}</Tag> : null}
          </Descriptions.Item>
        </Descriptions>
        {result.certificate_code ? (
          <Alert
            type="success"
            showIcon
            style={{ marginTop: 16 }}
            message={t('certificate_issued')}
            description={
              <Typography.Text copyable data-testid="exam-result-certificate">
                {result.certificate_code}
              </Typography.Text>
            }
          />
        ) : null}
      </Card>
      <Card title={t('answer_review')}>
        {result.show_analysis ? null : (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('analysis_hidden')} />
        )}
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {result.questions.map((q, index) => (
            <div key={q.id} data-testid={`exam-result-question-${index}`}>
              <div className="exam-row">
                {q.correct === null ? (
                  <Tag>{t('not_graded')}</Tag>
                ) : q.correct ? (
                  <CheckCircleFilled style={{ color: '#52c41a', marginTop: 4 }} />
                ) : (
                  <CloseCircleFilled style={{ color: '#ff4d4f', marginTop: 4 }} />
                )}
                <b>{index + 1}.</b>
                <Tag>{t(`type_${q.type}`)}</Tag>
                <ExamHtml html={q.stem} />
                <Typography.Text type="secondary">
                  {t('points_of', { earned: q.earned, points: q.points })}
                </Typography.Text>
              </div>
              <div style={{ paddingInlineStart: 32, marginTop: 8 }}>
                {q.options.map((option, i) => {
                  const mine = q.chosen?.includes(option.key) ?? false;
                  const right = q.correct_options?.includes(option.key) ?? false;
                  return (
                    <div
                      key={option.key}
                      className="exam-row exam-result-option"
                      style={{
                        background: right ? '#f6ffed' : mine && q.correct_options ? '#fff1f0' : undefined,
                        fontWeight: mine ? 600 : undefined,
                      }}
                    >
                      <span>{letter(i)}.</span>
                      <ExamHtml html={option.content} />
                      {mine ? <Tag color="blue">{t('my_choice')}</Tag> : null}
                    </div>
                  );
                })}
                {q.chosen === null || q.chosen.length === 0 ? (
                  <Typography.Text type="secondary">{t('not_answered')}</Typography.Text>
                ) : null}
                {q.analysis ? (
                  <Card size="small" title={t('analysis')} style={{ marginTop: 8 }}>
                    <ExamHtml html={q.analysis} />
                  </Card>
                ) : null}
              </div>
            </div>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
