import type { TMarkingQuestion } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Progress, Segmented, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { TypeTag } from '../question-bank/index.ts';
import { MarkingByCandidate } from './MarkingByCandidate.tsx';
import { MarkingByQuestion } from './MarkingByQuestion.tsx';
import { shortText } from './marking-format.ts';
import { type MarkingFilter, markingOverviewQuery } from './queries.ts';

type Mode = 'question' | 'candidate';

/** The question to start with: the first with answers waiting, else the first answered, else the first. */
function firstToMark(questions: readonly TMarkingQuestion[]): number | null {
  const q =
    questions.find((x) => x.marked_count < x.answer_count) ?? questions.find((x) => x.answer_count > 0) ?? questions[0];
  return q?.question_id ?? null;
}

/**
 * The "Marking" tab of an exam (docs/marking.md): its hand-marked questions (essays, short answers marked by hand)
 * with their answers marked so far (and second marks, when the exam has a second-marking share) and the attempts
 * waiting, then the answers marked one at a time, by question (the default) or by candidate: all of them, the
 * unmarked, or those waiting for a second mark. Under blind marking names never reach the page; candidates are
 * numbered.
 */
export function MarkingTab({ examId }: { examId: number }) {
  // The type tags' texts load with the tab's, not in the middle of the table.
  const { t } = useTranslation(['exam-marking', 'question-bank']);
  const overview = useQuery({ ...markingOverviewQuery(examId), refetchInterval: 60_000 });
  const [mode, setMode] = useState<Mode>('question');
  const [questionId, setQuestionId] = useState<number | null>(null);
  const [filter, setFilter] = useState<MarkingFilter>('all');
  const data = overview.data;

  // The question chosen first stays chosen while its answers get marked (the counts change after every mark).
  useEffect(() => {
    if (questionId === null && data) setQuestionId(firstToMark(data.questions));
  }, [questionId, data]);

  if (overview.isError) return <LoadFailed error={overview.error} onRetry={() => overview.refetch()} />;
  if (!data) return <Spin />;
  if (data.questions.length === 0) {
    return <Empty description={t('empty_no_questions')} data-testid="marking-empty-questions" />;
  }
  const answered = data.questions.some((q) => q.answer_count > 0);
  const position = new Map(data.questions.map((q, i) => [q.question_id, i + 1]));
  const chosen = questionId ?? firstToMark(data.questions);
  const seconds = data.second_marking_share > 0;
  const secondWaiting = data.questions.reduce((n, q) => n + q.second_wanted_count - q.second_marked_count, 0);

  return (
    <div data-testid="marking-tab">
      <Card
        size="small"
        title={t('overview_title')}
        style={{ marginBottom: 16 }}
        extra={
          <Space>
            {data.blind && (
              <Tag color="purple" data-testid="marking-blind">
                {t('blind')}
              </Tag>
            )}
            <span data-testid="marking-being-graded">{t('being_graded', { count: data.being_graded })}</span>
            {seconds && (
              <Tag color={secondWaiting > 0 ? 'orange' : 'green'} data-testid="marking-second-waiting">
                {t('second_waiting_count', { count: secondWaiting })}
              </Tag>
            )}
          </Space>
        }
      >
        <Table<TMarkingQuestion>
          rowKey="question_id"
          size="small"
          pagination={false}
          dataSource={data.questions}
          data-testid="marking-overview"
          onRow={(q) => ({
            onClick: () => {
              setQuestionId(q.question_id);
              setMode('question');
            },
            style: { cursor: 'pointer' },
          })}
          columns={[
            { title: '#', width: 50, render: (_v, q) => position.get(q.question_id) },
            { title: t('question'), dataIndex: 'stem_text', ellipsis: true, render: (v: string) => shortText(v, 200) },
            {
              title: t('type'),
              dataIndex: 'type',
              width: 110,
              render: (v: TMarkingQuestion['type']) => <TypeTag type={v} />,
            },
            {
              title: t('progress'),
              width: 220,
              render: (_v, q) => (
                <Progress
                  size="small"
                  percent={q.answer_count ? Math.round((q.marked_count / q.answer_count) * 100) : 0}
                  status={q.answer_count > 0 && q.marked_count >= q.answer_count ? 'success' : 'normal'}
                  format={() => t('marked_of', { marked: q.marked_count, total: q.answer_count })}
                  aria-label={t('progress')}
                  data-testid={`marking-progress-${q.question_id}`}
                />
              ),
            },
            ...(seconds
              ? [
                  {
                    title: t('second_marks'),
                    width: 140,
                    render: (_v: unknown, q: TMarkingQuestion) => (
                      <span data-testid={`marking-second-progress-${q.question_id}`}>
                        {t('marked_of', { marked: q.second_marked_count, total: q.second_wanted_count })}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {!answered ? (
        <Empty description={t('empty_no_answers')} data-testid="marking-empty-answers" />
      ) : (
        <>
          <Space wrap size="large" style={{ marginBottom: 16 }}>
            <Segmented<Mode>
              value={mode}
              onChange={setMode}
              options={[
                { value: 'question', label: t('by_question') },
                { value: 'candidate', label: t('by_candidate') },
              ]}
              data-testid="marking-mode"
            />
            <Space>
              <Typography.Text id="marking-filter-label">{t('show')}</Typography.Text>
              <Segmented<MarkingFilter>
                value={filter}
                onChange={setFilter}
                options={[
                  { value: 'all', label: t('filter_all') },
                  { value: 'unmarked', label: t('unmarked_only') },
                  ...(seconds
                    ? [{ value: 'second' as const, label: t('filter_second', { count: secondWaiting }) }]
                    : []),
                ]}
                aria-labelledby="marking-filter-label"
                data-testid="marking-filter"
              />
            </Space>
          </Space>
          {mode === 'question' && chosen !== null ? (
            <MarkingByQuestion
              examId={examId}
              questions={data.questions}
              questionId={chosen}
              onQuestion={setQuestionId}
              filter={filter}
              onFilter={setFilter}
              blind={data.blind}
            />
          ) : (
            <MarkingByCandidate examId={examId} questions={data.questions} blind={data.blind} filter={filter} />
          )}
        </>
      )}
    </div>
  );
}
