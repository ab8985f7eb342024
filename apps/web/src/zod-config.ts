import { z } from 'zod';

/**
 * The page policy allows no eval: zod must not try to compile its fast
 * object parsers with `new Function` (even the try reports a violation).
 * Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
