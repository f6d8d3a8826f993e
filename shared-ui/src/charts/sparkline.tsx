import { Box, Center, Text, VisuallyHidden } from 'shared-ui';

export interface SparklineProps {
  /** The values oldest first, each with its x label for the table ('Nov 3'). */
  data: readonly { label: string; value: number }[];
  /** A semantic colour token ('green.solid'), drawn through its CSS variable (both themes). */
  color: string;
  /** Header of the table's value column. */
  valueLabel: string;
  /** The table's caption. */
  caption: string;
  /** One sentence with the figures; read by screen readers in place of the bars. */
  summary: string;
  emptyText: string;
  height: string;
  'data-testid'?: string;
}

/** The CSS variable of a colour token: 'green.solid' → var(--chakra-colors-green-solid). */
export const tokenVar = (token: string) => `var(--chakra-colors-${token.replace(/\./g, '-')})`;

/**
 * A small bar trend drawn as one SVG (no chart library: a stat card's 30 bars are not worth the
 * 125 KB of recharts and the second of main-thread work it costs a phone, which took the approvals
 * list's Lighthouse score from 91 to 65). Same text alternative as BarChartFigure: the bars are
 * hidden from assistive technology, a summary and a visually hidden table carry the numbers.
 */
export function Sparkline({
  data,
  color,
  valueLabel,
  caption,
  summary,
  emptyText,
  height,
  'data-testid': testId,
}: SparklineProps) {
  const max = Math.max(0, ...data.map((item) => item.value));
  if (max === 0) {
    return (
      <Center as="figure" m="0" height={height} data-testid={testId} data-empty="true">
        <Text as="figcaption" fontSize="xs" color="fg.muted">
          {emptyText}
        </Text>
      </Center>
    );
  }
  const gap = 0.2;
  return (
    <Box as="figure" m="0" data-testid={testId}>
      <svg
        aria-hidden="true"
        width="100%"
        height="100%"
        viewBox={`0 0 ${data.length} 100`}
        preserveAspectRatio="none"
        style={{ display: 'block', height: `var(--chakra-sizes-${height})` }}
      >
        {data.map((item, index) => {
          const barHeight = item.value === 0 ? 0 : Math.max(4, (item.value / max) * 100);
          return (
            <rect
              key={item.label}
              x={index + gap / 2}
              y={100 - barHeight}
              width={1 - gap}
              height={barHeight}
              fill={tokenVar(color)}
            />
          );
        })}
      </svg>
      <VisuallyHidden>
        <figcaption>{summary}</figcaption>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((item) => (
              <tr key={item.label}>
                <th scope="row">{item.label}</th>
                <td>{item.value.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
