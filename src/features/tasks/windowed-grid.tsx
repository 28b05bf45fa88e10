import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';

/** Rows drawn beyond the screen's edges, and the height a row is taken to have before it is measured. */
const OVERSCAN_ROWS = 1;
const ESTIMATED_ROW_PX = 280;
const GAP_PX = 12;

interface Props<T> {
  /** how many items there are: the grid is as tall as their rows, whichever of them are at hand */
  count: number;
  /** the item at an index, or undefined while it is being read (`placeholder` is drawn in its place, a row high) */
  itemAt: (index: number) => T | undefined;
  /** the narrowest a column may be (the card width slider); as many columns as fit */
  minColumnWidth: number;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  placeholder: (index: number) => ReactNode;
  /** told the first and last index (inclusive) of the mounted rows whenever they change: the page reads those */
  onRange?: (first: number, last: number) => void;
}

/** The columns a width holds, at least one. */
export const columnsFor = (width: number, minColumnWidth: number): number => Math.max(1, Math.floor((width + GAP_PX) / (minColumnWidth + GAP_PX)));

/** The first and last row (inclusive) whose box meets the viewport [top, bottom), given each row's height. */
export function visibleRows(heights: readonly number[], top: number, bottom: number): [number, number] {
  let y = 0;
  let first = heights.length;
  let last = -1;
  for (let i = 0; i < heights.length; i++) {
    const end = y + heights[i]! + GAP_PX;
    if (end > top && y < bottom) {
      if (first > i) first = i;
      last = i;
    }
    if (y >= bottom) break;
    y = end;
  }
  if (last < 0) return [0, -1];
  return [Math.max(0, first - OVERSCAN_ROWS), Math.min(heights.length - 1, last + OVERSCAN_ROWS)];
}

/**
 * A grid of cards that mounts only the rows on screen (plus a few): the task page holds ten thousand
 * tasks and more, of which it reads only the pages the mounted rows show (`onRange`). The page (window)
 * scrolls; rows above and below are empty space of their measured (or estimated) height, so the
 * scrollbar stays true.
 */
export function WindowedGrid<T>({ count, itemAt, minColumnWidth, itemKey, renderItem, placeholder, onRange }: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [viewport, setViewport] = useState<[number, number]>([0, typeof window === 'undefined' ? 800 : window.innerHeight]);
  const measured = useRef(new Map<number, number>());
  const [, setVersion] = useState(0);

  const readViewport = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const top = -el.getBoundingClientRect().top;
    setViewport((current) => (current[0] === top && current[1] === top + window.innerHeight ? current : [top, top + window.innerHeight]));
    setWidth(el.clientWidth);
  }, []);

  useLayoutEffect(readViewport, [readViewport]);
  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        readViewport();
      });
    };
    window.addEventListener('scroll', onChange, { passive: true, capture: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onChange, { capture: true });
      window.removeEventListener('resize', onChange);
    };
  }, [readViewport]);

  const columns = columnsFor(width, minColumnWidth);
  const rowCount = Math.ceil(count / columns);
  // a new column count regroups the rows: their old heights no longer apply
  const measuredColumns = useRef(columns);
  if (measuredColumns.current !== columns) {
    measuredColumns.current = columns;
    measured.current.clear();
  }
  const known = [...measured.current.values()];
  const estimate = known.length ? known.reduce((a, b) => a + b, 0) / known.length : ESTIMATED_ROW_PX;
  const heights = Array.from({ length: rowCount }, (_, i) => measured.current.get(i) ?? estimate);
  const [first, last] = visibleRows(heights, viewport[0], viewport[1]);
  const offset = (from: number, to: number) => heights.slice(from, to).reduce((sum, h) => sum + h + GAP_PX, 0);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const row = Number((entry.target as HTMLElement).dataset.row);
              const height = Math.round((entry.target as HTMLElement).offsetHeight);
              if (height > 0 && measured.current.get(row) !== height) {
                measured.current.set(row, height);
                changed = true;
              }
            }
            if (changed) setVersion((v) => v + 1);
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const observe = (el: HTMLDivElement | null) => {
    if (!el || !observer) return undefined;
    observer.observe(el);
    return () => observer.unobserve(el);
  };

  const firstIndex = last >= 0 ? first * columns : 0;
  const lastIndex = last >= 0 ? Math.min(count, (last + 1) * columns) - 1 : -1;
  useEffect(() => onRange?.(firstIndex, lastIndex), [onRange, firstIndex, lastIndex]);

  const rows: ReactNode[] = [];
  for (let row = first; row <= last; row++) {
    const cells: ReactNode[] = [];
    for (let index = row * columns; index < Math.min(count, row * columns + columns); index++) {
      const item = itemAt(index);
      cells.push(
        <div key={item === undefined ? `at-${index}` : itemKey(item)} style={{ minWidth: 0 }}>
          {item === undefined ? <div style={{ height: estimate }}>{placeholder(index)}</div> : renderItem(item)}
        </div>,
      );
    }
    rows.push(
      <div
        key={row}
        ref={observe}
        data-row={row}
        style={{ display: 'grid', gap: GAP_PX, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, marginBottom: GAP_PX }}
      >
        {cells}
      </div>,
    );
  }
  return (
    <div ref={box} style={{ width: '100%' }} data-testid="task-grid" data-rows={rowCount} data-mounted-rows={rows.length}>
      <div style={{ height: first > 0 ? offset(0, first) : 0 }} />
      {rows}
      <div style={{ height: last >= 0 ? offset(last + 1, rowCount) : 0 }} />
    </div>
  );
}
