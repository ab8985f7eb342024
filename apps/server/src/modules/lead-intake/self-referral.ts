import { normaliseMobile } from '@pmw/contract/mobile';
import { SELF_REFERRAL_ERROR } from '@pmw/contract/campaign-link-texts';
import type { Said } from '@pmw/contract/texts/said';
import { AppError } from '../../errors';

/** A lead's customer mobile that is one of `own` (compared as 10 digits) is a self-referral, refused with a stable code. */
export function refuseSelfReferral(own: readonly string[], mobile: string, message: Said): void {
  const customer = normaliseMobile(mobile);
  if (own.some((m) => normaliseMobile(m) === customer)) throw new AppError(SELF_REFERRAL_ERROR, message);
}
