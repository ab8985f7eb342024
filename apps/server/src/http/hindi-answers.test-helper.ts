import { texts, type TextCode } from '@pmw/contract/texts';
import hi from '@pmw/contract/texts.hi';

/**
 * The English of every catalogue text that reads differently in Hindi, as a
 * pattern (a `{placeholder}` stands for any words): an answer in Hindi that
 * matches one says a text of ours in English, where the reader should have
 * had it in Hindi.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishWithHindi = (Object.entries(texts) as [TextCode, string][])
  .filter(([code, english]) => hi[code] !== english)
  .map(([code, english]) => ({
    code,
    pattern: new RegExp(
      `^${english
        .split(/(\{\w+\})/)
        .map((part) => (/^\{\w+\}$/.test(part) ? '.+?' : escape(part)))
        .join('')}$`,
      's',
    ),
  }));

/** The catalogue code whose English `message` is, if it is one that has Hindi. */
export const englishTextOf = (message: string): TextCode | undefined => englishWithHindi.find((t) => t.pattern.test(message))?.code;

/**
 * The messages of an answer (its `message` and each field's) that are the
 * English of a catalogue text with Hindi: empty when it reads in Hindi (or is
 * words that are not ours).
 */
export function englishInHindiAnswer(body: string): string[] {
  let answer: { message?: unknown; errors?: { message?: unknown }[] };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return [];
  }
  const messages = [answer.message, ...(Array.isArray(answer.errors) ? answer.errors.map((e) => e.message) : [])];
  return messages.flatMap((m) => {
    const code = typeof m === 'string' ? englishTextOf(m) : undefined;
    return code ? [`${code}: ${m as string}`] : [];
  });
}
