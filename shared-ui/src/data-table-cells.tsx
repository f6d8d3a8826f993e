// Plain elements for a column's cells, styled once per list instead of once per cell: a list page
// draws hundreds of cells, and each styled component (Text, Stack …) costs its own style computation
// when the list is first drawn. A column's `render` gives its elements these class names; DataTable
// puts CELL_STYLES on the table and on the phone cards, so they hold in both layouts.
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useCutTitle } from './truncated-text';

/** Class names a column's `render` may give its plain elements (see CELL_STYLES). */
export const CELL = {
  /** Lines under each other, at the start edge, a little apart (a value and its note). */
  stack: 'dt-cell-stack',
  /** Lines under each other, as wide as the widest (a date and where the record came from). */
  lines: 'dt-cell-lines',
  /** Parts side by side on one line, the first of them allowed to shrink (a cut name and a count). */
  line: 'dt-cell-line',
  /** Small, quieter text: a note under a value, a count beside it. */
  note: 'dt-cell-note',
  /** Kept on one line. */
  nowrap: 'dt-cell-nowrap',
  /** Semibold, e.g. an amount. */
  strong: 'dt-cell-strong',
  /** Medium weight, e.g. the name a row is about. */
  medium: 'dt-cell-medium',
} as const;

/** CellText's own class names: one line, or a few lines (-webkit-line-clamp set on the element). */
const CUT = 'dt-cell-cut';
const CLAMP = 'dt-cell-clamp';

/** The styles of CELL's and CellText's class names, for the element that holds a list's rows. */
export const CELL_STYLES = {
  // As TruncatedText: padding inside the clip (and the same margin outside) keeps a link's focus ring
  // visible, and a link flows as text, or '…' and the line clamp cannot cut inside it.
  [`& .${CUT}, & .${CLAMP}`]: { p: '1', m: '-1', minWidth: '0', '& > a': { display: 'inline' } },
  [`& .${CUT}`]: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  [`& .${CLAMP}`]: {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
  [`& .${CELL.stack}`]: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '0.5' },
  [`& .${CELL.lines}`]: { display: 'flex', flexDirection: 'column' },
  [`& .${CELL.line}`]: { display: 'flex', alignItems: 'center', gap: '1', maxWidth: 'full', minWidth: '0' },
  [`& .${CELL.note}`]: { textStyle: 'xs', color: 'fg.muted', flexShrink: '0' },
  [`& .${CELL.nowrap}`]: { whiteSpace: 'nowrap' },
  [`& .${CELL.strong}`]: { fontWeight: 'semibold' },
  [`& .${CELL.medium}`]: { fontWeight: 'medium' },
} as const;

/** Props of CellText. */
export interface CellTextProps {
  children: ReactNode;
  /** Lines shown before the text is cut; default 1. */
  lines?: number;
  /** Widest the text grows before it is cut, a CSS length ('16rem'). */
  maxWidth?: string;
  /** Kept at the end edge of its cell (a right-aligned column). */
  end?: boolean;
}

/**
 * A cell's value cut with '…' when it does not fit, the full text on hover: TruncatedText for the
 * cells of a DataTable, a plain span styled once by the list (CELL_STYLES) instead of a styled
 * component in each cell.
 */
export function CellText({ children, lines = 1, maxWidth, end = false }: CellTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useCutTitle(ref, children, lines);
  const style: CSSProperties = {
    maxWidth,
    marginInlineStart: end ? 'auto' : undefined,
    WebkitLineClamp: lines > 1 ? lines : undefined,
  };
  return (
    <span ref={ref} className={lines > 1 ? CLAMP : CUT} style={style}>
      {children}
    </span>
  );
}
