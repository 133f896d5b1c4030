import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TExamDetail, TQuestionDetail } from '@app/contracts';
import { OPTION_LETTERS } from '@app/contracts/question-rules.ts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { detailFallback } from '../../shared/detail-page.tsx';
import { formatTime } from '../../shared/format.ts';
import { parseId } from '../../shared/task-paths.ts';
import { examDetailQuery } from '../exams/index.ts';
import { HtmlContent, TypeTag } from '../question-bank/index.ts';
import { courseEditorPath, courseListPath } from './CourseShared.tsx';
import { paperQuestionQuery } from './queries.ts';

/** The points of each question: the total split evenly to the cent, the last one taking the rest (as the server). */
function splitPoints(total: number, count: number): number[] {
  if (count <= 0) return [];
  const cents = Math.round(total * 100);
  const each = Math.round(cents / count);
  return Array.from({ length: count }, (_v, i) => (i === count - 1 ? cents - each * (count - 1) : each) / 100);
}

/**
 * `/course/task/exam/preview?exam_id=&course_id=`: a course exam's paper as a student will see it — its questions in
 * order with their options and points, no answers — under the exam's figures (questions, scores, duration, window).
 * A random paper has no single paper: the page shows what each student's paper is drawn from.
 */
export function CourseExamPreviewPage() {
  const { t } = useTranslation(['courses', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const examId = parseId(search.get('exam_id'));
  const courseId = parseId(search.get('course_id'));
  const detail = useQuery({ ...examDetailQuery(examId ?? 0), enabled: examId !== null });
  const backPath = courseId ? courseEditorPath(courseId, 'chapters') : courseListPath();

  const fallback = detailFallback(t, detail, examId, backPath);
  if (fallback) return fallback;
  const exam = detail.data!;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backPath)} data-testid="exam-preview-back">
      {t(courseId ? 'exam_back_to_course' : 'back_to_list')}
    </Button>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="exam-preview">
      <Card title={<span data-testid="exam-preview-name">{exam.name}</span>} extra={back}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="exam-preview-figures">
          <Descriptions.Item label={t('exam_question_count')}>{exam.question_count}</Descriptions.Item>
          <Descriptions.Item label={t('exam_total_score')}>{exam.total_score}</Descriptions.Item>
          <Descriptions.Item label={t('exam_pass_score')}>{exam.pass_score}</Descriptions.Item>
          <Descriptions.Item label={t('exam_duration')}>
            {t('exam_minutes', { count: Math.round(exam.duration_seconds / 60) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('exam_window')} span={2}>
            {formatTime(exam.window_start)} – {formatTime(exam.window_end)}
          </Descriptions.Item>
        </Descriptions>
        {exam.description && <Typography.Paragraph type="secondary">{exam.description}</Typography.Paragraph>}
        {(exam.shuffle_questions || exam.shuffle_options) && (
          <Alert type="info" showIcon title={t('exam_preview_shuffled')} />
        )}
      </Card>
      {exam.paper_mode === 'random' ? <RandomPaper exam={exam} /> : <FixedPaper exam={exam} />}
    </Space>
  );
}

function FixedPaper({ exam }: { exam: TExamDetail }) {
  const { t } = useTranslation('courses');
  const questions = useQueries({ queries: exam.questions.map((q) => paperQuestionQuery(q.id)) });
  const points = splitPoints(exam.total_score, exam.questions.length);
  if (exam.questions.length === 0) {
    return (
      <Card>
        <Result status="info" title={t('exam_preview_empty')} />
      </Card>
    );
  }
  return (
    <Card title={t('exam_preview_paper')}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {exam.questions.map((ref, index) => {
          const answer = questions[index];
          if (answer?.isError)
            return (
              <Alert
                key={ref.id}
                type="warning"
                showIcon
                title={`${index + 1}. ${ref.stem_text}`}
                description={errorMessage(answer.error)}
              />
            );
          if (!answer?.data) return <Skeleton key={ref.id} active paragraph={{ rows: 3 }} />;
          return <PaperQuestion key={ref.id} question={answer.data} index={index} points={points[index] ?? 0} />;
        })}
      </Space>
    </Card>
  );
}

/** One question as the student sees it: number, type, stem and points, then the options lettered A–F. */
function PaperQuestion({ question, index, points }: { question: TQuestionDetail; index: number; points: number }) {
  const { t } = useTranslation('courses');
  return (
    <div data-testid={`exam-preview-question-${index}`} data-question={question.id}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 8 }}>
        <Typography.Text strong>{index + 1}.</Typography.Text>
        <TypeTag type={question.type} />
        <div style={{ flex: 1 }}>
          <HtmlContent html={question.stem} />
        </div>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('exam_points', { count: points })}
        </Typography.Text>
      </div>
      <ol style={{ listStyle: 'none', margin: 0, paddingLeft: 24 }}>
        {question.options.map((option, position) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is identified by its position (A-F)
          <li key={position} style={{ display: 'flex', gap: 8, marginBottom: 4 }}>
            <Typography.Text strong>{OPTION_LETTERS[position] ?? position + 1}.</Typography.Text>
            <HtmlContent html={option.content} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A random paper: each student draws their own from the blueprint, shown here instead of a paper. */
function RandomPaper({ exam }: { exam: TExamDetail }) {
  const { t } = useTranslation(['courses', 'question-bank']);
  const blueprint = exam.blueprint;
  const ratios = (given: Record<string, number> | undefined, label: (key: string) => string) =>
    Object.entries(given ?? {})
      .filter(([, ratio]) => ratio > 0)
      .map(([key, ratio]) => `${label(key)} ${ratio}`)
      .join(' · ') || t('exam_blueprint_any');
  return (
    <Card title={t('exam_preview_paper')}>
      <Alert
        type="info"
        showIcon
        title={t('exam_preview_random', { count: blueprint?.total ?? exam.question_count })}
        style={{ marginBottom: 16 }}
        data-testid="exam-preview-random"
      />
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('exam_blueprint_types')}>
          {ratios(blueprint?.type_ratios, (k) => t(`question-bank:type_${k}`))}
        </Descriptions.Item>
        <Descriptions.Item label={t('exam_blueprint_difficulties')}>
          {ratios(blueprint?.difficulty_ratios, (k) => t(`question-bank:difficulty_${k}`))}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
