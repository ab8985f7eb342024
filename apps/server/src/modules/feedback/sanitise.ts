import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// Loaded on first use: a start that never sanitises an instruction does not pay for parsing it.
let loaded: typeof SanitizeHtml | undefined;
const sanitizeHtml = (): typeof SanitizeHtml => (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml);

/**
 * consumer_instruction is HTML written by ops and shown on a public page.
 * An allow-list keeps formatting and links; scripts, styles, event handlers
 * and javascript:/data: URLs never survive.
 */
let options: SanitizeHtml.IOptions | undefined;
const OPTIONS = (): SanitizeHtml.IOptions =>
  (options ??= {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'span', 'div', 'a'],
    // target and rel are set by transformTags below, whatever the input said.
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'tel', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml().simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  });

export function sanitiseInstruction(html: string | null): string | null {
  if (!html) return null;
  const clean = sanitizeHtml()(html, OPTIONS()).trim();
  return clean === '' ? null : clean;
}
