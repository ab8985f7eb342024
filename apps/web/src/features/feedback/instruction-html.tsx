import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The server already sanitised the instruction; in the browser it is cleaned
 * again so the page never renders HTML it has not checked itself. On the
 * server (no DOM) the server's own sanitised text is rendered.
 */
export function InstructionHtml({ html, labelledBy }: { html: string; labelledBy: string }) {
  const clean = useMemo(
    () =>
      typeof window === 'undefined' ? html : DOMPurify.sanitize(html, {
        ALLOWED_TAGS: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'span', 'div', 'a'],
        ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
        ALLOWED_URI_REGEXP: /^(?:https?:|tel:|mailto:)/i,
      }),
    [html],
  );
  return <div className="fb-instruction" aria-labelledby={labelledBy} dangerouslySetInnerHTML={{ __html: clean }} />;
}
