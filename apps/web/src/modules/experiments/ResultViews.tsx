import type { TSubmission, TSubmissionResult } from '@app/contracts';
import { Alert, Descriptions, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMemory, formatMs, formatScore, scoreLevel, statusColor, statusKey } from './result-format.ts';

type CaseRow = NonNullable<TSubmissionResult['cases']>[number];
type VisibleCase = { stdin: string | null; expected: string | null };

/** A status as a coloured tag in the reader's language (a limit names itself: "Memory limit exceeded"). */
export function StatusTag({ status, testId }: { status: string | undefined | null; testId?: string }) {
  const { t } = useTranslation('experiments');
  return (
    <Tag color={statusColor(status)} data-testid={testId}>
      {t(statusKey(status), { status })}
    </Tag>
  );
}

function Output({ text, testId }: { text: string | null | undefined; testId?: string }) {
  const { t } = useTranslation('experiments');
  if (!text) return <Typography.Text type="secondary">{t('no_output')}</Typography.Text>;
  return (
    <pre className="experiment-output" data-testid={testId}>
      {text}
    </pre>
  );
}

/** While the queue has it: its place, or that it is running. */
function Waiting({ submission }: { submission: TSubmission }) {
  const { t } = useTranslation('experiments');
  return (
    <Space data-testid="program-waiting">
      <Spin size="small" />
      {submission.status === 'queued' ? t('queued_place', { place: submission.place ?? 1 }) : t('running')}
    </Space>
  );
}

/** A job that failed (the sandbox broke, the experiment went away): the server's message. */
function Failed({ result }: { result: TSubmissionResult | null }) {
  const { t } = useTranslation('experiments');
  return (
    <Alert
      type="error"
      showIcon
      message={t('status_failed')}
      description={result?.message}
      data-testid="program-failed"
    />
  );
}

/** A Run's outcome: status, output, errors, time and memory. */
export function RunResultView({ submission }: { submission: TSubmission }) {
  const { t } = useTranslation('experiments');
  if (submission.status === 'queued' || submission.status === 'running') return <Waiting submission={submission} />;
  const result = submission.result;
  if (submission.status === 'failed' || !result) return <Failed result={result} />;
  return (
    <div data-testid="program-run-result">
      <Space wrap style={{ marginBottom: 8 }}>
        <StatusTag status={result.status} testId="program-run-status" />
        <span>{t('time_used', { time: formatMs(result.cpu_ms ?? result.wall_ms) })}</span>
        <span>{t('memory_used', { memory: formatMemory(result.memory_bytes) })}</span>
        {result.exit_code !== null && result.exit_code !== undefined && (
          <span>{t('exit_code', { code: result.exit_code })}</span>
        )}
      </Space>
      {result.status === 'compile_error' ? (
        <Output text={result.compile_output ?? result.stderr} testId="program-compile-output" />
      ) : (
        <>
          <Typography.Text strong>{t('stdout')}</Typography.Text>
          <Output text={result.stdout} testId="program-run-stdout" />
          {result.stderr ? (
            <>
              <Typography.Text strong>{t('stderr')}</Typography.Text>
              <Output text={result.stderr} testId="program-run-stderr" />
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

/** A Submit's grade: the score, then a row per test case (a hidden one only passed or failed). */
export function SubmitResultView({ submission, cases }: { submission: TSubmission; cases: VisibleCase[] }) {
  const { t } = useTranslation('experiments');
  if (submission.status === 'queued' || submission.status === 'running') return <Waiting submission={submission} />;
  const result = submission.result;
  if (submission.status === 'failed' || !result) return <Failed result={result} />;
  const level = scoreLevel(result);
  return (
    <div data-testid="program-submit-result">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <span data-testid="program-score" className={`experiment-score experiment-score-${level}`}>
            {t('score_of', { score: formatScore(result.score), max: formatScore(result.max_score) })}
          </span>
        </Typography.Title>
        <StatusTag status={result.status} testId="program-submit-status" />
      </Space>
      {result.status === 'compile_error' ? (
        <Output text={result.compile_output} testId="program-compile-output" />
      ) : (
        <Table<CaseRow>
          size="small"
          rowKey="index"
          pagination={false}
          dataSource={result.cases ?? []}
          scroll={{ x: 560 }}
          data-testid="program-cases"
          expandable={{
            rowExpandable: (row) => !row.hidden,
            defaultExpandedRowKeys: (result.cases ?? []).filter((c) => !c.hidden && !c.passed).map((c) => c.index),
            expandedRowRender: (row) => (
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label={t('case_stdin')}>
                  <Output text={cases[row.index]?.stdin} />
                </Descriptions.Item>
                <Descriptions.Item label={t('case_expected')}>
                  <Output text={cases[row.index]?.expected} />
                </Descriptions.Item>
                <Descriptions.Item label={t('case_actual')}>
                  <Output text={row.stdout_head} />
                </Descriptions.Item>
                {row.stderr_head ? (
                  <Descriptions.Item label={t('stderr')}>
                    <Output text={row.stderr_head} />
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            ),
          }}
          columns={[
            {
              title: t('case'),
              dataIndex: 'index',
              width: 110,
              render: (index: number, row) =>
                row.hidden ? t('case_hidden_n', { n: index + 1 }) : t('case_n', { n: index + 1 }),
            },
            {
              title: t('case_result'),
              dataIndex: 'passed',
              width: 90,
              render: (passed: boolean, row) => (
                <Tag color={passed ? 'green' : 'red'} data-testid={`program-case-${row.index}`}>
                  {passed ? t('passed') : t('not_passed')}
                </Tag>
              ),
            },
            {
              title: t('status'),
              dataIndex: 'status',
              width: 150,
              render: (status: string | undefined) => (status ? <StatusTag status={status} /> : '-'),
            },
            {
              title: t('score'),
              dataIndex: 'score',
              width: 80,
              render: (s: number, row) => `${formatScore(s)} / ${formatScore(row.weight)}`,
            },
            {
              title: t('time'),
              dataIndex: 'cpu_ms',
              width: 90,
              render: (ms: number | null | undefined, row) => formatMs(ms ?? row.wall_ms),
            },
          ]}
        />
      )}
    </div>
  );
}
