import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once any part of the element is in the viewport, and from then on: for content worth fetching
 * only when someone may see it (a chart below the fold, whose chunk and data would otherwise compete
 * with the page's first render). Without IntersectionObserver it is true at once.
 * @example const [ref, inView] = useInView<HTMLDivElement>(); useCharts(inView); <Box ref={ref} />
 */
export function useInView<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);
  return [ref, inView];
}
