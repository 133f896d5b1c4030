import type { TRunLive } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/EChart.tsx';
import { letter } from '../exam-taking/index.ts';

/**
 * How the current question's answers split, as bars that grow as answers arrive: per option for choices (the right
 * ones green once `showKey`), right / partly right / wrong for the other types.
 */
export function AnswerSplitChart({
  live,
  showKey,
  height = 260,
}: {
  live: TRunLive;
  showKey: boolean;
  height?: number;
}) {
  const { t } = useTranslation('interactions');
  const bars = useMemo(() => {
    const question = live.question;
    const split = live.split;
    if (!question || !split) return null;
    return isChoiceType(question.type)
      ? question.options.map((o, position) => ({
          name: letter(position),
          value: split.options.find((s) => s.key === o.key)?.count ?? 0,
          right: live.correct_options?.includes(o.key) ?? false,
        }))
      : [
          { name: t('split_right'), value: split.correct, right: true },
          { name: t('split_partial'), value: split.partial, right: false },
          { name: t('split_wrong'), value: split.wrong, right: false },
        ];
  }, [live, t]);
  const option = useMemo(() => {
    if (!bars) return null;
    return {
      grid: { left: 40, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: bars.map((bar) => bar.name) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t('answers'),
          barMaxWidth: 64,
          label: { show: true, position: 'top' },
          data: bars.map((bar) => ({
            value: bar.value,
            itemStyle: { color: showKey && bar.right ? '#52c41a' : '#1668dc' },
          })),
        },
      ],
    };
  }, [bars, showKey, t]);
  if (!bars || !option) return null;
  return (
    <>
      <EChart option={option} height={height} testId="interact-split-chart" />
      <Space wrap size="large" data-testid="interact-split">
        {bars.map((bar, index) => (
          <Typography.Text key={bar.name} strong={showKey && bar.right} data-testid={`interact-split-${index}`}>
            {bar.name}: {bar.value}
          </Typography.Text>
        ))}
      </Space>
    </>
  );
}
