import { useEffect, useState } from 'react';

const OPTIONS = {
  ALLOWED_TAGS: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'span', 'div', 'a'],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|tel:|mailto:)/i,
};

/**
 * The ops-written instruction, as the server sanitised it (that is also what
 * the server-rendered page shows before any script runs); once live, the
 * browser cleans it again with DOMPurify, loaded then so the page's first
 * download stays small.
 */
export function InstructionHtml({ html, labelledBy }: { html: string; labelledBy: string }) {
  const [clean, setClean] = useState(html);
  useEffect(() => {
    let live = true;
    void import('dompurify').then(({ default: purify }) => {
      if (live) setClean(purify.sanitize(html, OPTIONS));
    });
    return () => {
      live = false;
    };
  }, [html]);
  return <div className="fb-instruction" aria-labelledby={labelledBy} dangerouslySetInnerHTML={{ __html: clean }} />;
}
