import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { TExamResult } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { Alert, Card, Col, Descriptions, Result, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ResponseReview } from './ExamResultAnswer.tsx';
import { AttemptStatusTag, ExamHtml, letter, typeName } from './exam-shared.tsx';

type ResultQuestion = TExamResult['questions'][number];

/**
 * A submitted attempt: score, pass/fail (or the notice that a teacher is marking it), answered/correct, the
 * certificate, and each question with my answer, its points or "waiting for marking", the marker's comment and, when
 * the exam shows them, the key and the analysis.
 */
export function ExamResultView({ result, extra }: { result: TExamResult; extra?: React.ReactNode }) {
  const { t } = useTranslation(['exam-taking', 'common', 'question-bank']);
  const beingGraded = result.status === 'being_graded';
  const graded = result.passed !== null && !beingGraded;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="exam-result">
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
        {beingGraded ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('being_graded_notice')}
            description={t('being_graded_detail')}
            data-testid="exam-result-being-graded"
          />
        ) : null}
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic
              title={t('score')}
              value={beingGraded ? '—' : (result.score ?? '—')}
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
            title={t('certificate_issued')}
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
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('analysis_hidden')} />
        )}
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {result.questions.map((q, index) => (
            <div key={q.id} data-testid={`exam-result-question-${index}`}>
              <div className="exam-row exam-question-head">
                <QuestionVerdict question={q} t={t} />
                <b>{index + 1}.</b>
                <Tag>{typeName(t, q.type)}</Tag>
                <ExamHtml html={q.stem} />
                <Typography.Text type="secondary" className="exam-question-points" data-testid="exam-result-points">
                  {q.earned === null
                    ? t('points_waiting', { points: q.points })
                    : t('points_of', { earned: q.earned, points: q.points })}
                </Typography.Text>
              </div>
              <div className="exam-result-body">
                {isChoiceType(q.type) ? <ChoiceReview question={q} t={t} /> : <ResponseReview question={q} />}
                {q.comment.trim() ? (
                  <Alert
                    type={q.earned === null ? 'info' : 'success'}
                    style={{ marginTop: 8 }}
                    title={t('marker_comment')}
                    description={<div className="exam-review-text">{q.comment}</div>}
                    data-testid="exam-result-comment"
                  />
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

/** Right, wrong, waiting for a teacher's mark, or marked (a hand mark that is neither all nor nothing). */
function QuestionVerdict({ question, t }: { question: ResultQuestion; t: TFunction }) {
  if (question.correct === true) return <CheckCircleFilled style={{ color: '#52c41a', marginTop: 4 }} />;
  if (question.correct === false) return <CloseCircleFilled style={{ color: '#ff4d4f', marginTop: 4 }} />;
  if (question.earned === null) {
    return (
      <Tag color="warning" data-testid="exam-result-waiting">
        {isChoiceType(question.type) ? t('not_graded') : t('waiting_marking')}
      </Tag>
    );
  }
  return <Tag color="blue">{t('marked')}</Tag>;
}

/** A choice: its options, mine marked, the right ones green when the exam shows them. */
function ChoiceReview({ question: q, t }: { question: ResultQuestion; t: TFunction }) {
  return (
    <>
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
    </>
  );
}
