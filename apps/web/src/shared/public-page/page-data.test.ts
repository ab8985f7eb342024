import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, pageDataScript, readPageData } from './page-data';

describe('the data a server-rendered page carries', () => {
  it('is inert JSON no value can break out of, and reads back the same', () => {
    const data = { name: '</script><script>alert(1)</script>', amp: 'a & b', line: 'x\u2028y' };
    const script = pageDataScript({ locale: 'hi', data });
    expect(script.startsWith(`<script type="application/json" id="${PAGE_DATA_ID}">`)).toBe(true);
    expect(script.slice(0, -'</script>'.length)).not.toMatch(/<\/script|<script.*<script/i);
    document.body.innerHTML = script;
    expect(readPageData<typeof data>()).toEqual({ locale: 'hi', data });
  });
});
