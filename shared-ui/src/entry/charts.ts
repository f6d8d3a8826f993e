// `shared-ui/charts`: bar charts with their text alternative and empty state, on @chakra-ui/charts and
// recharts (about 125 KB gzip), and a small SVG trend without them (Sparkline, for stat cards). Not a Module Federation singleton, and imported only behind a dynamic
// import by the pages that show a chart: it is never part of the sign-in page nor of a page's first
// render. Its Chakra parts come from the shared singletons (../charts/chakra-for-charts.ts).
export {
  BarChartFigure,
  formatChartDay,
  isEmptyChart,
  type BarChartFigureProps,
  type ChartSeries,
} from '../charts/bar-chart-figure';
export { Sparkline, tokenVar, type SparklineProps } from '../charts/sparkline';
