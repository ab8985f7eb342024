import { texts, type TextCode } from '../texts';
import { opsCatalogue } from './ops';

/** A code of the ops console's English-only catalogue. */
export type OpsTextCode = keyof typeof opsCatalogue.en;
/** Every code a text can be said by: the translated ones and the ops console's. */
export type SaidCode = TextCode | OpsTextCode;
/**
 * Every said text's English, by code (the server's: a browser page imports
 * its area's catalogues, never this index).
 */
export const englishTexts: Readonly<Record<SaidCode, string>> = { ...texts, ...opsCatalogue.en };
