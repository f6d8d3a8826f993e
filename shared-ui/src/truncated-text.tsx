// Long text in a bounded space (a 255-character company name in a table cell, a breadcrumb, a title):
// cut with '…' after `lines` lines, the full text in the `title` tooltip — only while it is cut, so
// short values get no redundant tooltip. The whole text stays in the DOM for screen readers and search.
import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/** Props of TruncatedText. */
export interface TruncatedTextProps extends Omit<BoxProps, 'title'> {
  children: ReactNode;
  /** Lines shown before the text is cut; default 1. */
  lines?: number;
}

/**
 * Text cut with '…' when it does not fit, with the full text on hover.
 * @example <TruncatedText maxW="20rem">{company.name}</TruncatedText>
 */
export function TruncatedText({ children, lines = 1, ...rest }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useCutTitle(ref, children, lines);

  return (
    // A span, so it may sit inside headings, links and breadcrumb items (phrasing content).
    <Box
      as="span"
      ref={ref}
      // Padding inside the clip (and the same margin outside) keeps a link's focus ring visible.
      p="1"
      m="-1"
      minW="0"
      // A link (Chakra's is inline-flex) must flow as text, or '…' and the line clamp cannot cut inside it.
      css={{ '& > a': { display: 'inline' } }}
      {...(lines > 1
        ? { lineClamp: lines, overflowWrap: 'anywhere' }
        : { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
      {...rest}
    >
      {children}
    </Box>
  );
}

/**
 * Keeps the full text of the element in its `title` while the element cuts it, and no title otherwise:
 * for TruncatedText and the list cells that cut their text without a styled component (CellText).
 * Measured by an observer, after the browser's own layout (a measurement in a layout effect forced
 * one layout per cell while a list mounted), and observed again whenever the text changes: a new
 * observation reports the element once. The title is written on the element, not kept in state,
 * so a measurement never re-renders the table around it.
 */
export function useCutTitle(ref: RefObject<HTMLElement | null>, content: ReactNode, lines: number) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => {
      const cut =
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      const text = cut ? element.textContent?.trim() || undefined : undefined;
      if (text) element.setAttribute('title', text);
      else element.removeAttribute('title');
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, content, lines]);
}
