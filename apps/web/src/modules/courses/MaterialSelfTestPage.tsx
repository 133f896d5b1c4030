import { ArrowLeftOutlined, RedoOutlined } from '@ant-design/icons';
import type { TCourseSelfTest, TCourseSelfTestResult } from '@app/contracts';
import { responseGiven } from '@app/contracts/question-answers.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Result, Skeleton, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { parseId } from '../../shared/task-paths.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { courseHomePath, myCoursesPath } from './LearningCourseCard.tsx';
import { LearningSelfTestFigures } from './LearningSelfTestLine.tsx';
import { selfTestQuery, useSubmitSelfTest } from './queries.ts';
import {
  type SelfTestAnswer,
  SelfTestAnswerInput,
  SelfTestQuestionCard,
  SelfTestReview,
  SelfTestVerdict,
} from './SelfTestQuestion.tsx';

/** Answers that mean this self-test is not mine to take now (anything else may be retried). */
const UNAVAILABLE: readonly string[] = [
  'not_found',
  'forbidden',
  'course_self_test_empty',
  'course_task_locked',
  'course_task_not_material',
];

const given = (answer: SelfTestAnswer | undefined) =>
  Boolean(answer && ((answer.chosen?.length ?? 0) > 0 || responseGiven(answer.response)));

/** A self-test the student cannot take: not theirs, not open yet, or without questions; with a way back. */
function Unavailable({ code }: { code: string }) {
  const { t } = useTranslation('courses-learning');
  const navigate = useNavigate();
  const known = ['course_self_test_empty', 'course_task_locked', 'course_task_not_material'].includes(code);
  return (
    <Card data-testid="self-test-unavailable" data-code={code}>
      <Result
        status={known ? 'info' : '404'}
        title={t(known ? `self_test_${code}` : 'self_test_not_found')}
        subTitle={t(known ? 'self_test_unavailable_help' : 'not_found_help')}
        extra={
          <Button type="primary" onClick={() => navigate(myCoursesPath())} data-testid="self-test-to-courses">
            {t('back_to_my_courses')}
          </Button>
        }
      />
    </Card>
  );
}

/** The header: task and course, the student's figures, the rule, a way back to the course. */
function SelfTestHeader({ test }: { test: TCourseSelfTest }) {
  const { t } = useTranslation('courses-learning');
  const navigate = useNavigate();
  return (
    <Card data-testid="self-test-header">
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          style={{ padding: 0 }}
          onClick={() => navigate(courseHomePath(test.task.course_id))}
          data-testid="self-test-back"
        >
          {test.task.course_name}
        </Button>
        <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {t('self_test_title', { title: test.task.title })}
        </Typography.Title>
        <LearningSelfTestFigures figures={test} />
        <Typography.Text type="secondary">{t('self_test_rule')}</Typography.Text>
      </Space>
    </Card>
  );
}

/** The graded attempt: score, right answers, best and last, then each question with its verdict, key and analysis. */
function SelfTestOutcome({ result, onRetake }: { result: TCourseSelfTestResult; onRetake: () => void }) {
  const { t } = useTranslation('courses-learning');
  const phone = useIsPhone();
  return (
    <Space orientation="vertical" size={phone ? 'small' : 'middle'} style={{ width: '100%' }}>
      <Card data-testid="self-test-result">
        <Space wrap size={phone ? 'middle' : 'large'} align="center">
          <Statistic title={t('self_test_score')} value={result.score} data-testid="self-test-score" />
          <Statistic
            title={t('self_test_right_title')}
            value={t('self_test_right', { right: result.right_count, total: result.question_count })}
          />
          <Statistic title={t('self_test_best_title')} value={result.best_score ?? '-'} />
          <Button type="primary" icon={<RedoOutlined />} onClick={onRetake} data-testid="self-test-retake">
            {t('self_test_retake')}
          </Button>
        </Space>
      </Card>
      {result.questions.map((question, index) => (
        <SelfTestQuestionCard
          key={question.id}
          question={question}
          index={index}
          extra={<SelfTestVerdict question={question} />}
        >
          <SelfTestReview question={question} />
        </SelfTestQuestionCard>
      ))}
    </Space>
  );
}

/**
 * `/trainingcamp/material-self-exam?task_id=`: the self-test of a material task of my course. Every question at once
 * without its key; handing in grades them all (the exams' grading) and shows the score, each answer right, partly
 * right or wrong with the key and the analysis, and my best and last score. Retakes are free and the course score is
 * not touched. A task I may not see, not open yet or without questions says so with a way back.
 */
export function MaterialSelfTestPage() {
  const { t } = useTranslation(['courses-learning', 'common']);
  const phone = useIsPhone();
  const [params] = useSearchParams();
  const taskId = parseId(params.get('task_id'));
  const test = useQuery({ ...selfTestQuery(taskId ?? 0), enabled: taskId !== null });
  const submit = useSubmitSelfTest();
  const [answers, setAnswers] = useState<Record<number, SelfTestAnswer>>({});
  const [result, setResult] = useState<TCourseSelfTestResult | null>(null);

  if (taskId === null) return <Unavailable code="not_found" />;
  if (test.error instanceof ApiError && UNAVAILABLE.includes(test.error.code))
    return <Unavailable code={test.error.code} />;
  if (test.isError && !test.data) return <LoadFailed error={test.error} onRetry={() => test.refetch()} />;
  if (!test.data)
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="self-test-loading">
        <Card>
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      </Space>
    );
  const data = test.data;
  const answered = data.questions.filter((question) => given(answers[question.id])).length;
  const missing = data.questions.length - answered;

  const handIn = () =>
    submit.mutate(
      {
        task_id: data.task.id,
        answers: data.questions
          .filter((question) => given(answers[question.id]))
          .map((question) => ({ question_id: question.id, ...answers[question.id] })),
      },
      {
        onSuccess: (graded) => {
          setResult(graded);
          window.scrollTo({ top: 0 });
        },
        onError: showError,
      },
    );
  const retake = () => {
    setResult(null);
    setAnswers({});
    void test.refetch();
    window.scrollTo({ top: 0 });
  };

  const submitButton = (onClick?: () => void) => (
    <Button
      type="primary"
      size="large"
      block={phone}
      loading={submit.isPending}
      onClick={onClick}
      data-testid="self-test-submit"
    >
      {t('self_test_submit')}
    </Button>
  );
  return (
    <Space orientation="vertical" size={phone ? 'small' : 'middle'} style={{ width: '100%' }} data-testid="self-test">
      <SelfTestHeader test={result ? { ...data, ...result } : data} />
      {result ? (
        <SelfTestOutcome result={result} onRetake={retake} />
      ) : (
        <>
          {data.questions.map((question, index) => (
            <SelfTestQuestionCard key={question.id} question={question} index={index}>
              <SelfTestAnswerInput
                question={question}
                answer={answers[question.id]}
                disabled={submit.isPending}
                onChange={(answer) => setAnswers((before) => ({ ...before, [question.id]: answer }))}
              />
            </SelfTestQuestionCard>
          ))}
          <Card size="small" style={{ position: 'sticky', bottom: 0, zIndex: 2 }}>
            <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text data-testid="self-test-answered">
                {t('self_test_answered', { answered, total: data.questions.length })}
              </Typography.Text>
              {missing > 0 ? (
                <Popconfirm
                  title={t('self_test_missing_confirm', { count: missing })}
                  okText={t('self_test_submit')}
                  cancelText={t('common:cancel')}
                  onConfirm={handIn}
                >
                  {submitButton()}
                </Popconfirm>
              ) : (
                submitButton(handIn)
              )}
            </Space>
          </Card>
        </>
      )}
    </Space>
  );
}
