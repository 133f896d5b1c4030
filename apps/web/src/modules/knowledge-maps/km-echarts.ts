import { GraphChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/** ECharts with the graph series only: loaded by the graph tab on first use, never by the shell. */
echarts.use([GraphChart, TooltipComponent, LegendComponent, CanvasRenderer]);

export { echarts };
