import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { TPracticeQuestion } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { type PracticeAnswer, PracticeQuestionView } from './PracticeQuestionView.tsx';
import { resultPath } from './practice-html.tsx';
import {
  answerQuestion,
  collectQuestion,
  finishPractice,
  PRACTICE_KEY,
  practiceSessionQuery,
  uncollectQuestion,
} from './queries.ts';

type FontSize = 'small' | 'standard' | 'large';
const FONT_PX: Record<FontSize, number> = { small: 13, standard: 15, large: 19 };

/**
 * `/course/interactExam?id=`: a practice session, one question at a time with immediate grading, the key and the
 * analysis, an answer sheet to move between questions, the font size (small / standard / large), collecting, and
 * finishing. Every auto-graded type is answered here (the exam's inputs for the types that are not choices); on a
 * phone the font size and collecting sit above the question instead of in the card's title.
 */
export function InteractExamPage() {
  // `exam-taking` with the page: the inputs and the review of the types that are not choices use its texts.
  const { t } = useTranslation(['practice', 'common', 'exam-taking']);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [index, setIndex] = useState(0);
  const [fontSize, setFontSize] = useState<FontSize>();
  const phone = useIsPhone();

  const session = useQuery({
    ...practiceSessionQuery(id),
    enabled: valid,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PRACTICE_KEY });
  const answer = useMutation({
    mutationFn: (input: { question_id: number } & PracticeAnswer) => answerQuestion({ session_id: id, ...input }),
    onSuccess: refresh,
    onError: (error) => showError(error),
  });
  const collect = useMutation({
    mutationFn: (q: TPracticeQuestion) => (q.collected ? uncollectQuestion(q.id) : collectQuestion(q.id)),
    onSuccess: async (_data, q) => {
      void message.success(q.collected ? t('uncollected') : t('collected'));
      await refresh();
    },
    onError: (error) => showError(error),
  });
  const finish = useMutation({
    mutationFn: () => finishPractice(id),
    onSuccess: async () => {
      await refresh();
      void navigate(resultPath(id));
    },
    onError: (error) => showError(error),
  });

  if (!valid) return <Empty description={t('no_session')} />;
  if (session.isError && !session.data) return <LoadFailed error={session.error} onRetry={() => session.refetch()} />;
  if (!session.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const data = session.data;
  const questions = data.questions;
  const current = questions[Math.min(index, questions.length - 1)];
  const finished = data.finished_at !== null;
  const size = fontSize ?? data.font_size;
  const left = questions.filter((q) => !q.answered).length;
  const controls = (
    <Space wrap>
      <Segmented<FontSize>
        value={size}
        onChange={setFontSize}
        options={[
          { value: 'small', label: t('font_small') },
          { value: 'standard', label: t('font_standard') },
          { value: 'large', label: t('font_large') },
        ]}
        data-testid="practice-font"
      />
      {current ? (
        <Button
          icon={current.collected ? <StarFilled /> : <StarOutlined />}
          loading={collect.isPending}
          onClick={() => collect.mutate(current)}
          data-testid="practice-collect"
        >
          {current.collected ? t('uncollect') : t('collect')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={17}>
        <Card
          title={current ? t('question_of', { index: index + 1, total: questions.length }) : data.set_name}
          extra={phone ? null : controls}
        >
          {phone ? <div style={{ marginBottom: 16 }}>{controls}</div> : null}
          {finished ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('finished')}
              action={<Button onClick={() => navigate(resultPath(id))}>{t('view_result')}</Button>}
            />
          ) : null}
          {current ? (
            <div style={{ fontSize: FONT_PX[size] }} data-testid="practice-question">
              <Tag style={{ marginBottom: 8 }}>{t(`type_${current.type}`)}</Tag>
              <PracticeQuestionView
                key={current.id}
                question={current}
                disabled={finished}
                answering={answer.isPending}
                onAnswer={(given) => answer.mutate({ question_id: current.id, ...given })}
              />
            </div>
          ) : (
            <Empty />
          )}
          <Space style={{ marginTop: 24 }}>
            <Button disabled={index === 0} onClick={() => setIndex(index - 1)} data-testid="practice-prev">
              {t('previous')}
            </Button>
            <Button
              disabled={index >= questions.length - 1}
              onClick={() => setIndex(index + 1)}
              data-testid="practice-next"
            >
              {t('next')}
            </Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={7}>
        <Card title={t('answer_sheet')}>
          <Space wrap data-testid="practice-sheet">
            {questions.map((q, i) => (
              <Button
                key={q.id}
                size="small"
                type={i === index ? 'primary' : 'default'}
                danger={q.answered && q.correct === false}
                style={q.answered && q.correct ? { borderColor: '#52c41a', color: '#52c41a' } : undefined}
                onClick={() => setIndex(i)}
                data-testid={`practice-sheet-${i}`}
              >
                {i + 1}
              </Button>
            ))}
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            {t('answered')}: {data.answered_count} / {data.total} · {t('correct')}: {data.correct_count}
          </Typography.Paragraph>
          {finished ? null : (
            <Button
              type="primary"
              block
              loading={finish.isPending}
              data-testid="practice-finish"
              onClick={() =>
                left > 0
                  ? modal.confirm({ title: t('finish_confirm', { left }), onOk: () => finish.mutateAsync() })
                  : finish.mutate()
              }
            >
              {t('finish')}
            </Button>
          )}
        </Card>
      </Col>
    </Row>
  );
}
