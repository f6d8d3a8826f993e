import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Center, HStack, Stack, Text, VisuallyHidden } from 'shared-ui';

export interface ChartSeries<Key extends string> {
  key: Key;
  /** The series' name in the legend, the tooltip and the table's column header. */
  label: string;
  /** A semantic colour token ('green.solid'), so the bars follow the light and the dark theme. */
  color: string;
}

export interface BarChartFigureProps<Key extends string, Row extends Record<Key, number>> {
  /** The rows in the order shown (oldest first), each with its x value under `xKey`. */
  data: readonly (Row & Record<string, unknown>)[];
  xKey: string;
  /** Header of the table's first column ('Day', 'Week of'). */
  xLabel: string;
  formatX: (value: string) => string;
  series: readonly ChartSeries<Key>[];
  formatValue?: (value: number) => string;
  /** The value axis' labels, when shorter than `formatValue`'s ('$12K'). */
  formatTick?: (value: number) => string;
  /** The chart's name: the caption of its table. */
  caption: string;
  /** One sentence with what the chart shows (totals), shown under it and read by screen readers. */
  summary: string;
  /** Shown in the chart's place when every value is zero. */
  emptyText: string;
  /** The plot's height, reserved as it is while the chart is loading or empty (no layout shift). */
  height: string;
  /** Series stacked in one bar per row. */
  stacked?: boolean;
  /** A small trend without axes, grid or legend (the table and the summary still hold the numbers). */
  compact?: boolean;
  'data-testid'?: string;
}

interface TooltipProps {
  active?: boolean;
  label?: unknown;
  payload?: ReadonlyArray<{ name?: unknown; value?: unknown; color?: string }>;
}

/**
 * The hovered row's values. Ours rather than Chart.Tooltip, whose colour swatches need a recipe only
 * the shared-ui/display entry carries (and, in the host, one consumed module more in its runtime).
 */
function ChartTooltip({
  active,
  label,
  payload,
  formatX,
  formatValue,
}: TooltipProps & { formatX: (value: string) => string; formatValue: (value: number) => string }) {
  if (!active || !payload?.length) return null;
  return (
    <Stack
      gap="1"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      px="3"
      py="2"
      boxShadow="md"
      textStyle="xs"
    >
      <Text fontWeight="medium">{formatX(String(label))}</Text>
      {payload.map((item) => (
        <HStack key={String(item.name)} gap="2">
          <Box width="2.5" height="2.5" borderRadius="sm" style={{ background: item.color }} />
          <Text>
            {String(item.name)}: {formatValue(Number(item.value))}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

/** The series' names and colours above the plot. */
function ChartLegend({ items }: { items: readonly { label: string; color: string }[] }) {
  return (
    <HStack gap="4" justify="flex-end" textStyle="xs" color="fg.muted" mb="1">
      {items.map((item) => (
        <HStack key={item.label} gap="1.5">
          <Box width="2.5" height="2.5" borderRadius="sm" style={{ background: item.color }} />
          <Text>{item.label}</Text>
        </HStack>
      ))}
    </HStack>
  );
}

const plainNumber = (value: number) => value.toLocaleString('en-US');

/** 'Nov 3' for '2026-11-03' (a UTC calendar day, as the API names days). */
export function formatChartDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whether no series has a value other than zero in any row. */
export function isEmptyChart<Key extends string>(
  data: readonly Record<Key, number>[],
  series: readonly { key: Key }[],
): boolean {
  return data.every((row) => series.every((item) => !row[item.key]));
}

/**
 * A bar chart (`@chakra-ui/charts` on recharts) with its text alternative: the plot is hidden from
 * assistive technology, which reads the summary sentence and a visually hidden table of the same
 * numbers instead (a plot's bars have no text to read). With no data it shows `emptyText`, in a box as
 * tall as the plot.
 */
export function BarChartFigure<Key extends string, Row extends Record<Key, number>>({
  data,
  xKey,
  xLabel,
  formatX,
  series,
  formatValue = plainNumber,
  formatTick = formatValue,
  caption,
  summary,
  emptyText,
  height,
  stacked = false,
  compact = false,
  'data-testid': testId,
}: BarChartFigureProps<Key, Row>) {
  const chart = useChart({
    data: data as Row[],
    series: series.map((item) => ({ name: item.key, label: item.label, color: item.color })),
  });
  if (isEmptyChart(data, series)) {
    return (
      <Box as="figure" m="0" data-testid={testId} data-empty="true">
        <Center
          height={height}
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="border"
          borderRadius="md"
          px="4"
        >
          <Text as="figcaption" fontSize="sm" color="fg.muted" textAlign="center">
            {emptyText}
          </Text>
        </Center>
      </Box>
    );
  }
  return (
    <Box as="figure" m="0" data-testid={testId}>
      <Box aria-hidden="true">
        {!compact && series.length > 1 && (
          <ChartLegend
            items={series.map((item) => ({ label: item.label, color: chart.color(item.color) }))}
          />
        )}
        <Chart.Root height={height} chart={chart} aspectRatio="auto">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={chart.data}
              accessibilityLayer={false}
              margin={
                compact ? { top: 2, right: 0, bottom: 0, left: 0 } : { top: 8, right: 8, bottom: 0, left: 0 }
              }
              barCategoryGap={compact ? 1 : '15%'}
            >
              {!compact && <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />}
              <XAxis
                dataKey={xKey}
                hide={compact}
                tickFormatter={formatX}
                axisLine={false}
                tickLine={false}
                minTickGap={12}
              />
              <YAxis
                hide={compact}
                allowDecimals={false}
                axisLine={false}
                tickLine={false}
                width="auto"
                tickFormatter={(value: number) => formatTick(value)}
              />
              {!compact && (
                <Tooltip
                  cursor={{ fill: chart.color('bg.muted') }}
                  animationDuration={0}
                  content={(props: TooltipProps) => (
                    <ChartTooltip {...props} formatX={formatX} formatValue={formatValue} />
                  )}
                />
              )}
              {series.map((item) => (
                <Bar
                  key={item.key}
                  dataKey={item.key}
                  name={item.label}
                  fill={chart.color(item.color)}
                  stackId={stacked ? 'stack' : undefined}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </Chart.Root>
      </Box>
      <Text as="figcaption" fontSize="sm" color="fg.muted" mt="2" hidden={compact}>
        {summary}
      </Text>
      <VisuallyHidden>
        {compact && <span>{summary}</span>}
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              {series.map((item) => (
                <th key={item.key} scope="col">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((row) => {
              const x = String(row[xKey]);
              return (
                <tr key={x}>
                  <th scope="row">{formatX(x)}</th>
                  {series.map((item) => (
                    <td key={item.key}>{formatValue(row[item.key])}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
