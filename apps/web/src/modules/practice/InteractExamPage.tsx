import { CheckCircleFilled, CloseCircleFilled, StarFilled, StarOutlined } from '@ant-design/icons';
import type { TPracticeQuestion } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Radio,
  Row,
  Segmented,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { letters, PracticeHtml, resultPath } from './practice-html.tsx';
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

/** One question: its options to choose from, or once answered the outcome, the correct options and the analysis. */
function QuestionView({
  question,
  disabled,
  onAnswer,
  answering,
}: {
  question: TPracticeQuestion;
  disabled: boolean;
  onAnswer: (chosen: number[]) => void;
  answering: boolean;
}) {
  const { t } = useTranslation('practice');
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  const correctOptions = question.options.flatMap((o, i) => (o.correct ? [i] : []));
  const optionLabel = (content: string, index: number) => (
    <Space align="start">
      <b>{String.fromCharCode(65 + index)}.</b>
      <PracticeHtml html={content} />
    </Space>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <PracticeHtml html={question.stem} testId="practice-stem" />
      {question.answered ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {question.options.map((option, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their position
              key={index}
              style={{
                padding: '4px 8px',
                borderRadius: 4,
                background: option.correct ? '#f6ffed' : question.chosen?.includes(index) ? '#fff1f0' : undefined,
              }}
            >
              {optionLabel(option.content, index)}
            </div>
          ))}
          <Alert
            type={question.correct ? 'success' : 'error'}
            showIcon
            icon={question.correct ? <CheckCircleFilled /> : <CloseCircleFilled />}
            data-testid="practice-verdict"
            message={question.correct ? t('right') : t('wrong')}
            description={
              <Space direction="vertical">
                <span>{t('correct_answer', { letters: letters(correctOptions) })}</span>
                <span>{t('your_answer', { letters: letters(question.chosen ?? []) || '-' })}</span>
              </Space>
            }
          />
          <Card size="small" title={t('analysis')}>
            {question.analysis ? <PracticeHtml html={question.analysis} /> : t('no_analysis')}
          </Card>
        </Space>
      ) : (
        <>
          {question.type === 'multiple' ? (
            <Checkbox.Group
              value={chosen}
              disabled={disabled}
              onChange={(values) => setChosen(values as number[])}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              data-testid="practice-options"
            >
              {question.options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their position
                <Checkbox key={index} value={index} data-testid={`practice-option-${index}`}>
                  {optionLabel(option.content, index)}
                </Checkbox>
              ))}
            </Checkbox.Group>
          ) : (
            <Radio.Group
              value={chosen[0]}
              disabled={disabled}
              onChange={(event) => setChosen([event.target.value as number])}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              data-testid="practice-options"
            >
              {question.options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their position
                <Radio key={index} value={index} data-testid={`practice-option-${index}`}>
                  {optionLabel(option.content, index)}
                </Radio>
              ))}
            </Radio.Group>
          )}
          <Button
            type="primary"
            disabled={disabled}
            loading={answering}
            onClick={() => (chosen.length ? onAnswer(chosen) : void message.warning(t('choose_first')))}
            data-testid="practice-submit"
          >
            {t('submit')}
          </Button>
        </>
      )}
    </Space>
  );
}

/**
 * `/course/interactExam?id=`: a practice session, one question at a time with immediate judging and the analysis,
 * an answer sheet to move between questions, the font size (small / standard / large), collecting, and finishing.
 */
export function InteractExamPage() {
  const { t } = useTranslation(['practice', 'common']);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [index, setIndex] = useState(0);
  const [fontSize, setFontSize] = useState<FontSize>();

  const session = useQuery({
    ...practiceSessionQuery(id),
    enabled: valid,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PRACTICE_KEY });
  const answer = useMutation({
    mutationFn: (input: { question_id: number; chosen: number[] }) => answerQuestion({ session_id: id, ...input }),
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

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={17}>
        <Card
          title={current ? t('question_of', { index: index + 1, total: questions.length }) : data.set_name}
          extra={
            <Space>
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
          }
        >
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
              <QuestionView
                key={current.id}
                question={current}
                disabled={finished}
                answering={answer.isPending}
                onAnswer={(chosen) => answer.mutate({ question_id: current.id, chosen })}
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
