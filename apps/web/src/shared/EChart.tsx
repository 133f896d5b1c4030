import { useEffect, useRef } from 'react';

type Option = Record<string, unknown>;

/** An ECharts chart, loaded on first use (the library stays out of the shell's initial JavaScript). */
export function EChart({ option, height = 260, testId }: { option: Option; height?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption(o: Option): void; resize(): void; dispose(): void } | null = null;
    const resize = () => chart?.resize();
    void import('./echarts-core.ts').then(({ echarts }) => {
      if (disposed || !ref.current) return;
      chart = echarts.init(ref.current);
      chart.setOption({ animation: false, ...option });
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={ref} style={{ height }} data-testid={testId} />;
}
