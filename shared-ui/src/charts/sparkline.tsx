import { Box, Center, Text, VisuallyHidden } from 'shared-ui';

export interface SparklineProps {
  /** The values oldest first, each with its x label ('Nov 3'). */
  data: readonly { label: string; value: number }[];
  /** A semantic colour token ('green.solid'), drawn through its CSS variable (both themes). */
  color: string;
  /** One sentence with the figures (the total and today's); read by screen readers in place of the bars. */
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
 * list's Lighthouse score from 91 to 65). The bars are hidden from assistive technology; the
 * summary sentence is their text alternative. Unlike BarChartFigure there is no table of every day:
 * a card's trend is a glance beside its count, and three 30-row tables on a list page would put 90
 * rows before the list itself for a screen reader (the dashboard's charts have the full tables).
 */
export function Sparkline({
  data,
  color,
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
      <VisuallyHidden as="figcaption">{summary}</VisuallyHidden>
    </Box>
  );
}
