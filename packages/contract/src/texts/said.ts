import type { SaidCode } from './english';

/** The parts of a text that vary; a part that is itself a text is said in the reader's language too. */
export type TextVars = Readonly<Record<string, string | number | Said>>;

/**
 * A text by its message code and the parts that vary, not yet in a language:
 * the server renders it in the reader's language where it answers, by the
 * code, so nothing has to recognise the English words afterwards.
 */
export class Said {
  constructor(
    readonly code: SaidCode,
    readonly vars: TextVars = {},
  ) {}
}

export const say = (code: SaidCode, vars?: TextVars) => new Said(code, vars);

/**
 * A said text in one language: its code's entry in that language's catalogue
 * (the English one for a code it lacks: the ops console's), with the varying
 * parts filled in.
 */
export function renderSaid(
  said: Said,
  catalogue: Readonly<Partial<Record<SaidCode, string>>>,
  english: Readonly<Record<SaidCode, string>>,
): string {
  return (catalogue[said.code] ?? english[said.code]).replace(/\{(\w+)\}/g, (m, name: string) => {
    const part = said.vars[name];
    if (part === undefined) return m;
    return part instanceof Said ? renderSaid(part, catalogue, english) : String(part);
  });
}
