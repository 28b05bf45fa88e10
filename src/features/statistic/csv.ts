import dayjs from 'dayjs';

/** Offers text as a file download (the browser's own save). A BOM keeps Chinese readable in spreadsheets. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
