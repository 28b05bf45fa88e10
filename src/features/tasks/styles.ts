/** CSS's own ellipsis for a card's texts: antd's `ellipsis` prop measures each text on every render (a forced layout each, bench/README.md). */
export const ELLIPSIS_STYLE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;
