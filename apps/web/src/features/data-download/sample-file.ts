import { SAMPLE_FILE_NAME, SAMPLE_HEADER } from '@pmw/contract/data-download';

/** The sample input: the header the utility reads, and nothing to delete before use. */
export function sampleFileUrl(): string {
  const text = `${SAMPLE_HEADER.join(',')}\n`;
  return `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
}

export { SAMPLE_FILE_NAME };
